package main

// runLog is a placeholder until the verb is built.
func runLog(e *env, args []string) int {
	e.errorf("'log' is not built yet")
	return exitError
}
