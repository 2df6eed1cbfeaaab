package main

// runInit is a placeholder until the verb is built.
func runInit(e *env, args []string) int {
	e.errorf("'init' is not built yet")
	return exitError
}
