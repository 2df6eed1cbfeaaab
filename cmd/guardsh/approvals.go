package main

// runApprovals is a placeholder until the verb is built.
func runApprovals(e *env, args []string) int {
	e.errorf("'approvals' is not built yet")
	return exitError
}
