package main

func runCheck(e *env, args []string) int   { e.errorf("'check' is not built yet"); return exitError }
func runExplain(e *env, args []string) int { e.errorf("'explain' is not built yet"); return exitError }
func runRules(e *env, args []string) int   { e.errorf("'rules' is not built yet"); return exitError }
