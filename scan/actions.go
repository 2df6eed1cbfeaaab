package scan

import "strings"

// A codeAction is an action that runs one of its inputs as shell code: the
// input is read like a run: step of the same job. A run: input (uraimo's
// run-on-arch, addnab's docker-run) is a run: key already; these are the
// inputs with other names.
type codeAction struct {
	// Uses is the action's owner/repo, lower case; a trailing "*" matches
	// any name with that prefix (vmactions/freebsd-vm, …/openbsd-vm).
	Uses string
	// Inputs are the with: keys that hold the code.
	Inputs []string
	// Remote says where the code runs when that is not the job's machine
	// (an ssh host): the runner contract never quiets it.
	Remote string
}

// codeActions is what guardsh knows of actions that run shell code given as
// an input. Each was read from the action's own documentation.
var codeActions = []codeAction{
	{Uses: "reactivecircus/android-emulator-runner", Inputs: []string{"script", "pre-emulator-launch-script"}},
	{Uses: "nick-fields/retry", Inputs: []string{"command", "on_retry_command", "new_command_on_retry"}},
	{Uses: "nick-invision/retry", Inputs: []string{"command", "on_retry_command", "new_command_on_retry"}},
	{Uses: "cypress-io/github-action", Inputs: []string{"build", "start", "command", "install-command"}},
	{Uses: "uraimo/run-on-arch-action", Inputs: []string{"install"}},
	{Uses: "vmactions/*", Inputs: []string{"prepare"}},
	{Uses: "pguyot/arm-runner-action", Inputs: []string{"commands"}},
	{Uses: "appleboy/ssh-action", Inputs: []string{"script"}, Remote: "a remote host, over ssh (appleboy/ssh-action)"},
	{Uses: "garygrossgarten/github-action-ssh", Inputs: []string{"command"}, Remote: "a remote host, over ssh (garygrossgarten/github-action-ssh)"},
}

// codeInputAt reports whether line i is a with: input of a step that uses
// an action of codeActions which runs that input as shell code: the key's
// name, offset and column and value as keyAt gives them, and the action.
func codeInputAt(lines []string, i int) (off, col int, v string, a *codeAction, ok bool) {
	t := strings.TrimLeft(lines[i], " ")
	name, _, found := strings.Cut(t, ":")
	if !found || name == "" || strings.ContainsAny(name, " \t\"'#") {
		return 0, 0, "", nil, false
	}
	var cands []*codeAction
	for k := range codeActions {
		for _, in := range codeActions[k].Inputs {
			if in == name {
				cands = append(cands, &codeActions[k])
			}
		}
	}
	if len(cands) == 0 {
		return 0, 0, "", nil, false
	}
	off, col, v, ok = keyAt(lines[i], name)
	if !ok || off != 0 {
		return 0, 0, "", nil, false // an input is a key of with:, not a list item
	}
	uses := withUses(lines, i, col)
	if uses == "" {
		return 0, 0, "", nil, false
	}
	for _, c := range cands {
		if p, star := strings.CutSuffix(c.Uses, "*"); star && strings.HasPrefix(uses, p) || actionIs(uses, c.Uses) {
			return off, col, v, c, true
		}
	}
	return 0, 0, "", nil, false
}
