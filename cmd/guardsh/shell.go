package main

// runShell is a placeholder until the verb is built.
func runShell(e *env, args []string) int {
	e.errorf("'shell' is not built yet")
	return exitError
}
