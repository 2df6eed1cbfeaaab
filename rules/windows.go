package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

func windowsDestructive(c *parse.Command) bool {
	w := args(c).words()
	low := strings.ToLower(strings.Join(w, " "))
	switch strings.TrimSuffix(strings.ToLower(c.Name()), ".exe") {
	case "cmd":
		switch v := cmdVerb(w); v {
		case "del", "erase", "rd", "rmdir", "format", "shutdown", "diskpart", "cipher", "vssadmin", "bcdedit", "taskkill":
			return true
		case "reg", "netsh", "wbadmin", "mshta", "regsvr32":
			return windowsTool(v, low)
		}
	case "reg", "netsh", "mshta", "regsvr32":
		return windowsTool(strings.TrimSuffix(strings.ToLower(c.Name()), ".exe"), low)
	case "vssadmin":
		return strings.Contains(low, "delete") || strings.Contains(low, "resize shadowstorage")
	case "bcdedit":
		return strings.Contains(low, "/set") || strings.Contains(low, "/delete") || strings.Contains(low, "/deletevalue")
	case "taskkill":
		return strings.Contains(" "+low+" ", " /f ")
	case "format", "format.com":
		return len(w) > 0 && len(w[0]) == 2 && w[0][1] == ':'
	case "wmic":
		return strings.Contains(low, "shadowcopy delete")
	case "wbadmin":
		return strings.Contains(low, "delete")
	case "cipher":
		return strings.Contains(low, "/w")
	case "del", "rd", "rmdir":
		return windowsSubdirSwitch(w)
	case "powershell", "pwsh":
		if strings.Contains(low, "write-host") || strings.Contains(low, "write-output") {
			return false // prose
		}
		if strings.Contains(low, "-enc") || strings.Contains(low, "-e ") {
			for _, v := range w {
				lv := strings.ToLower(v)
				if lv == "-e" || lv == "-ec" || strings.HasPrefix("-encodedcommand", lv) && len(lv) >= 4 {
					return true
				}
			}
		}
		return strings.Contains(low, "remove-item") && (strings.Contains(low, "-recurse") || strings.Contains(low, "-r ")) ||
			strings.Contains(low, "format-volume") || strings.Contains(low, "clear-disk") || pwshRisky(low)
	}
	return false
}

// cmdVerb returns the program cmd /c or /k runs: cmd /c del /s x gives "del".
func cmdVerb(w []string) string {
	for i, a := range w {
		if (strings.EqualFold(a, "/c") || strings.EqualFold(a, "/k") || strings.EqualFold(a, "/r")) && i+1 < len(w) {
			v := strings.ToLower(w[i+1])
			v = strings.TrimSuffix(strings.TrimPrefix(v, `"`), `"`)
			if f := strings.Fields(v); len(f) > 0 {
				return strings.TrimSuffix(f[0], ".exe")
			}
		}
	}
	return ""
}

// windowsHardline finds the Windows spellings of hardline commands: a
// recursive delete of a drive root or of C:\Windows, formatting or wiping a
// volume or disk, shutting the machine down.
func windowsHardline(c *parse.Command) bool {
	w := args(c).words()
	low := strings.ToLower(strings.Join(w, " "))
	name := strings.TrimSuffix(strings.ToLower(c.Name()), ".exe")
	rootTarget := func(ws []string) bool {
		for _, x := range ws {
			if parse.WindowsRoot(x) || parse.WindowsSystemDir(x) {
				return true
			}
		}
		return false
	}
	switch name {
	case "cmd":
		rest := []string{}
		for i, a := range w {
			if strings.EqualFold(a, "/c") || strings.EqualFold(a, "/k") {
				rest = strings.Fields(strings.Join(w[i+1:], " "))
				break
			}
		}
		switch cmdVerb(w) {
		case "del", "erase", "rd", "rmdir":
			return strings.Contains(low, "/s") && rootTarget(rest)
		case "format":
			return len(rest) > 1 && len(rest[1]) == 2 && rest[1][1] == ':'
		case "shutdown":
			return strings.Contains(low, "/s") || strings.Contains(low, "/r") || strings.Contains(low, "/p")
		}
	case "format", "format.com":
		return len(w) > 0 && len(w[0]) == 2 && w[0][1] == ':'
	case "shutdown":
		return false // the Linux shutdown rule reads it
	case "powershell", "pwsh":
		if strings.Contains(low, "write-host") || strings.Contains(low, "write-output") || strings.Contains(low, "echo ") {
			return false // prose
		}
		profile := strings.Contains(low, "$env:userprofile") || strings.Contains(low, "$home")
		return strings.Contains(low, "format-volume") || strings.Contains(low, "clear-disk") ||
			strings.Contains(low, "stop-computer") || strings.Contains(low, "restart-computer") ||
			strings.Contains(low, "remove-item") && strings.Contains(low, "-recurse") && (rootTarget(w) || profile)
	}
	return false
}

// windowsTool reports the Windows tools' forms that delete, switch
// protection off or run remote code: reg delete … /f, netsh turning the
// firewall off, wbadmin delete (backups and their catalog), mshta URL
// (runs the downloaded HTA), regsvr32 /i:URL (Squiblydoo: runs a remote
// scriptlet).
func windowsTool(tool, low string) bool {
	switch tool {
	case "reg":
		return strings.Contains(low, "delete") && strings.Contains(" "+low+" ", " /f ")
	case "netsh":
		return strings.Contains(low, "firewall") && (strings.Contains(low, "state off") || strings.Contains(low, "opmode disable") || strings.Contains(low, "opmode mode=disable"))
	case "wbadmin":
		return strings.Contains(low, "delete")
	case "mshta":
		return strings.Contains(low, "http:") || strings.Contains(low, "https:") || strings.Contains(low, "javascript:") || strings.Contains(low, "vbscript:")
	case "regsvr32":
		return strings.Contains(low, "/i:http") || strings.Contains(low, "-i:http")
	}
	return false
}

// pwshRisky reports PowerShell that force-kills processes by name (or a
// whole Get-Process listing), turns
// Defender's protection off, or downloads a program and starts it.
func pwshRisky(low string) bool {
	// By name or for a whole listing, as pkill -9 (kill -9 PID is quiet).
	if (strings.Contains(low, "stop-process") || strings.Contains(low, "spps ")) && strings.Contains(low, "-force") &&
		(strings.Contains(low, "-name") || strings.Contains(low, "-processname") || strings.Contains(low, "get-process") || strings.Contains(low, "gps ")) {
		return true
	}
	if strings.Contains(low, "set-mppreference") && strings.Contains(low, "-disable") && !strings.Contains(low, "$false") {
		return true
	}
	if strings.Contains(low, "add-mppreference") && strings.Contains(low, "-exclusionpath") {
		return true
	}
	download := strings.Contains(low, "invoke-webrequest") || strings.Contains(low, "iwr ") || strings.Contains(low, "start-bitstransfer") ||
		strings.Contains(low, "downloadfile")
	return download && strings.Contains(low, "start-process")
}
