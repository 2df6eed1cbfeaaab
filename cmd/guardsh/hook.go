package main

// runHook is a placeholder until the verb is built.
func runHook(e *env, args []string) int {
	e.errorf("'hook' is not built yet")
	return exitError
}
