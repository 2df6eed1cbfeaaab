package parse

// idiomStage reports a pipeline stage that prints shell code for an rc
// file, as source <(X completion bash) is read (idiomArgs): a program with
// static arguments that include an idiom word, such as fish's
// X completion fish | source.
func idiomStage(c *Command) bool {
	if c == nil || len(c.Args) < 2 || c.StdinFrom != nil || networkTools()[c.Name()] {
		return false
	}
	found := false
	for _, a := range c.Args {
		if !a.Static {
			return false
		}
		found = found || idiomWords()[a.Value]
	}
	return found
}
