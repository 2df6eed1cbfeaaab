package main

// runSetup is a placeholder until the verb is built.
func runSetup(e *env, args []string) int {
	e.errorf("'setup' is not built yet")
	return exitError
}
