package main

// runApprove is a placeholder until the verb is built.
func runApprove(e *env, args []string) int {
	e.errorf("'approve' is not built yet")
	return exitError
}
