package programs

// System: accounts with their files, mandatory access control, kernel
// hardening.
var packSystem = &Pack{Name: "system", Title: "Users, AppArmor and kernel hardening", File: "programs/pack_system.go", Entries: []*Entry{
	{
		ID: "system-user-delete-files", Title: "Delete a user with their files",
		Reason:  "userdel -r and deluser --remove-home delete the account's home directory and mail; --remove-all-files deletes every file the user owns on the machine.",
		Suggest: "lock the account first (usermod -L), and archive the home directory",
		When:    []string{"userdel --remove", "deluser --remove-home|remove-all-files !--backup|backup-to"},
		Match:   []string{"userdel -r bob", "sudo userdel --remove bob", "userdel -rf bob", "userdel --rem bob", "deluser --remove-home bob", "deluser --remove-all-files bob"},
		NoMatch: []string{"userdel bob", "deluser bob", "deluser --remove-home --backup bob", "deluser --backup-to /srv/old --remove-home bob", "useradd -m bob"},
	},
	{
		ID: "system-apparmor-off", Title: "Switch off AppArmor",
		Reason:  "aa-teardown unloads every AppArmor profile and aa-disable switches one off: the confined services run unconfined.",
		When:    []string{"aa-teardown !-h|--help", "aa-disable !-h|--help"},
		Match:   []string{"aa-teardown", "sudo aa-disable /etc/apparmor.d/usr.sbin.nginx"},
		NoMatch: []string{"aa-status", "aa-enforce /etc/apparmor.d/usr.sbin.nginx", "aa-teardown -h"},
	},
	{
		ID: "system-kernel-hardening-off", Title: "Switch off kernel hardening",
		Reason: "Turning off address-space randomisation or ptrace restrictions makes every local exploit and credential theft from other processes easier.",
		When: []string{"sysctl @kernel.randomize_va_space=0|kernel.yama.ptrace_scope=0|kernel.kptr_restrict=0",
			"* $kernel-hardening-off"},
		Match:   []string{"sysctl -w kernel.randomize_va_space=0", "sudo sysctl kernel.yama.ptrace_scope=0", "echo 0 > /proc/sys/kernel/randomize_va_space", "echo 0 | sudo tee /proc/sys/kernel/yama/ptrace_scope"},
		NoMatch: []string{"sysctl kernel.randomize_va_space", "sysctl -w kernel.randomize_va_space=2", "cat /proc/sys/kernel/randomize_va_space", "echo 2 > /proc/sys/kernel/randomize_va_space"},
	},
}}
