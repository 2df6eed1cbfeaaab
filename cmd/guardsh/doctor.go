package main

// runDoctor is a placeholder until the verb is built.
func runDoctor(e *env, args []string) int {
	e.errorf("'doctor' is not built yet")
	return exitError
}
