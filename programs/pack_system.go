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
		Reason:  "aa-teardown unloads every AppArmor profile, aa-disable and apparmor_parser -R switch one off and aa-complain stops enforcing it: the confined services run unconfined.",
		When:    []string{"aa-teardown !-h|--help", "aa-disable !-h|--help", "aa-complain !-h|--help", "apparmor_parser -R|--remove"},
		Match:   []string{"aa-teardown", "sudo aa-disable /etc/apparmor.d/usr.sbin.nginx", "aa-complain /etc/apparmor.d/usr.sbin.nginx", "apparmor_parser -R /etc/apparmor.d/usr.bin.x"},
		NoMatch: []string{"aa-status", "aa-enforce /etc/apparmor.d/usr.sbin.nginx", "aa-teardown -h"},
	},
	{
		ID: "system-macos-protection-off", Title: "Switch off macOS System Integrity Protection or Gatekeeper",
		Reason:  "csrutil disable lets root change the system volume and load unsigned kernel extensions; spctl --master-disable lets any downloaded app run unchecked.",
		When:    []string{"csrutil disable", "csrutil authenticated-root disable", "spctl --master-disable|--global-disable"},
		Over:    []string{"firewall-off"},
		Match:   []string{"csrutil disable", "csrutil authenticated-root disable", "sudo spctl --master-disable", "spctl --global-disable"},
		NoMatch: []string{"csrutil status", "spctl --status", "spctl --assess -v App.app", "csrutil enable", "echo csrutil disable"},
	},
	{
		ID: "system-kernel-hardening-off", Title: "Switch off kernel hardening",
		Reason: "Turning off address-space randomisation or ptrace restrictions makes every local exploit and credential theft from other processes easier.",
		When: []string{"sysctl @kernel.randomize_va_space=0|kernel.yama.ptrace_scope=0|kernel.kptr_restrict=0",
			"* $kernel-hardening-off"},
		Match:   []string{"sysctl -w kernel.randomize_va_space=0", "sudo sysctl kernel.yama.ptrace_scope=0", "echo 0 > /proc/sys/kernel/randomize_va_space", "echo 0 | sudo tee /proc/sys/kernel/yama/ptrace_scope"},
		NoMatch: []string{"sysctl kernel.randomize_va_space", "sysctl -w kernel.randomize_va_space=2", "cat /proc/sys/kernel/randomize_va_space", "echo 2 > /proc/sys/kernel/randomize_va_space"},
	},
	{
		ID: "system-account-lock", Title: "Lock an account or take away admin rights",
		Reason:  "Locking or expiring an account, deleting a group or removing a user from sudo or wheel can lock people, services and yourself out of the machine.",
		Suggest: "check who logs in with the account first (last, who), and keep a second admin session open",
		When: []string{"usermod --lock", "usermod --expiredate=0|1|1970-*", "passwd --lock|expire", "chage --expiredate=0|1|1970-*", "groupdel !--help",
			"gpasswd --delete @sudo|wheel|admin|root", "deluser * sudo|wheel|admin"},
		Match:   []string{"usermod -L root", "usermod --lock bob", "usermod -e 1 bob", "passwd -l root", "chage -E 0 bob", "groupdel developers", "gpasswd -d bob sudo", "deluser bob sudo"},
		NoMatch: []string{"usermod -U bob", "usermod -aG video bob", "passwd", "passwd -S root", "chage -l bob", "gpasswd -d bob video", "chage -E 2030-01-01 bob", "groupadd x"},
	},
	{
		ID: "system-session-kill", Title: "End a user's login sessions",
		Reason:  "loginctl terminate-user, kill-user, terminate-session and kill-session end every process of the sessions: unsaved work is lost, possibly your own session.",
		When:    []string{"loginctl terminate-user|kill-user|terminate-session|kill-session|terminate-seat"},
		Match:   []string{"loginctl terminate-user bob", "loginctl kill-session 3", "sudo loginctl kill-user -s KILL bob"},
		NoMatch: []string{"loginctl list-sessions", "loginctl show-user bob", "loginctl lock-session 3"},
	},
	{
		ID: "system-rtc-poweroff", Hardline: true, Title: "Power off until a timer wakes the machine",
		Reason:  "rtcwake -m off powers the machine off now (it wakes only at the set time, if ever): every session and service stops.",
		Suggest: "run it by hand in a terminal outside guardsh when you really mean it",
		When:    []string{"rtcwake --mode=off !--dry-run !--help"},
		Match:   []string{"rtcwake -m off -s 60", "sudo rtcwake --mode=off -t 1700000000"},
		NoMatch: []string{"rtcwake -m off -n -s 60", "rtcwake -m mem -s 60", "rtcwake --list-modes", "rtcwake -m show"},
	},
	{
		ID: "system-kernel-module", Title: "Unload a kernel module or load one from a file",
		Reason:  "Unloading a driver takes its network card, disk or input away at once; loading a module from a file runs that code inside the kernel.",
		Suggest: "check what uses it first (lsmod, modinfo), and load modules through the package manager",
		When:    []string{"rmmod !--help|--version", "modprobe --remove !--dry-run", "insmod @*.ko|*.ko.*"},
		Match:   []string{"rmmod nvme", "modprobe -r e1000e", "sudo modprobe --remove usb_storage", "insmod ./rootkit.ko", "insmod /tmp/x.ko.xz"},
		NoMatch: []string{"modprobe nvme", "lsmod", "modprobe -n -r e1000e", "modinfo e1000e", "rmmod --help", "rmmod --version"},
	},
	{
		ID: "system-firewall-open", Title: "Open the firewall to all incoming traffic",
		Reason:  "Setting the INPUT or FORWARD policy to ACCEPT, allowing all incoming traffic by default or flushing a table or chain exposes every service on the machine.",
		Suggest: "allow the one port you need (ufw allow 22/tcp, iptables -A INPUT -p tcp --dport 22 -j ACCEPT)",
		When:    []string{"iptables --policy=INPUT|FORWARD @ACCEPT", "ufw default allow !@outgoing", "nft flush|delete table|chain", "nft @flush*table*|flush*chain*|delete*table*|delete*chain*"},
		Over:    []string{"firewall-off"},
		Match:   []string{"iptables -P INPUT ACCEPT", "iptables --policy INPUT ACCEPT", "ip6tables -t filter -P FORWARD ACCEPT", "ufw default allow incoming", "ufw default allow", "nft flush table inet filter", "nft delete chain inet filter input", "nft 'flush table inet filter'"},
		NoMatch: []string{"iptables -P OUTPUT ACCEPT", "iptables -P INPUT DROP", "ufw default allow outgoing", "ufw default deny incoming", "nft list ruleset", "iptables -A INPUT -p tcp --dport 22 -j ACCEPT"},
	},
	{
		ID: "system-storage-destroy", Title: "Tear down device mappings or repair a filesystem by force",
		Reason: "dmsetup remove_all and wipe_table cut every mapped volume (LVM, LUKS) out from under its filesystem; btrfs check --repair can make a damaged filesystem worse; " +
			"diskutil apfs delete removes a container or volume with its data.",
		Suggest: "take a backup first; for btrfs try btrfs scrub or mount -o recovery,ro",
		When:    []string{"dmsetup remove_all|wipe_table", "btrfs check --repair", "diskutil apfs|ap deleteContainer|deleteVolume|eraseVolume|deleteSnapshot"},
		Over:    []string{"mkfs-device"},
		Match:   []string{"dmsetup -v remove_all", "dmsetup wipe_table vg0-data", "btrfs check --repair /dev/sda1", "btrfs --verbose check --repair /dev/sda1", "diskutil apfs deleteContainer disk3"},
		NoMatch: []string{"dmsetup ls", "dmsetup status", "btrfs check /dev/sda1", "diskutil apfs list", "btrfs subvolume list /"},
	},
}}
