package main

// runGate is a placeholder until the verb is built.
func runGate(e *env, args []string) int {
	e.errorf("'gate' is not built yet")
	return exitError
}
