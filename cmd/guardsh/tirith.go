package main

// runTirith is a placeholder until the verb is built.
func runTirith(e *env, args []string) int {
	e.errorf("'tirith' is not built yet")
	return exitError
}
