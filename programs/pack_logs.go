package programs

// Logs and audit: erasing the record of what happened.
var packLogs = &Pack{Name: "logs", Title: "System logs and the audit trail", File: "programs/pack_logs.go", Entries: []*Entry{
	{
		ID: "logs-erase", Title: "Erase system logs",
		Reason:  "Vacuuming the journal, emptying files under /var/log or clearing the kernel ring buffer erases the record of what happened on the machine, which is how intrusions cover their tracks.",
		Suggest: "rotate logs with logrotate, or archive them before deleting",
		Over:    []string{"rm-absolute", "rm-recursive"},
		When: []string{"journalctl --vacuum-size|vacuum-time|vacuum-files", "* $truncates-log", "dmesg -C|--clear|-c|--read-clear",
			"wevtutil cl|clear-log"},
		Match: []string{"journalctl --vacuum-time=1s", "journalctl --vacuum-size 1K", "sudo journalctl --rotate --vacuum-files=1", "> /var/log/auth.log", "cat /dev/null > /var/log/wtmp",
			"truncate -s 0 /var/log/syslog", "shred -u /var/log/auth.log", "echo > /var/log/secure", "cp /dev/null /var/log/lastlog", "dmesg -C", "wevtutil cl Security",
			"sudo tee /var/log/auth.log < /dev/null", "rm /var/log/auth.log", "rm -rf /var/log/nginx", "rm -f /var/log/*.gz"},
		NoMatch: []string{"journalctl -u nginx", "journalctl --disk-usage", "echo x >> /var/log/app.log", "cat /var/log/syslog", "tail -f /var/log/auth.log", "dmesg", "truncate -s 0 app.log",
			"grep x /var/log/syslog > out.txt", "logger hello"},
	},
	{
		ID: "logs-cloud-audit-off", Title: "Stop a cloud's audit trail or threat detection",
		Reason:  "Stopping CloudTrail logging, the Config recorder, Security Hub or GuardDuty, or deleting a log sink, stops the record of who did what in the account — the first step of covering tracks.",
		Suggest: "pause only the trail you mean, in a test account, and say why in the change",
		When: []string{"aws cloudtrail stop-logging", "aws config stop-configuration-recorder", "aws securityhub disable-security-hub",
			"aws guardduty update-detector --no-enable", "aws macie2 disable-macie", "gcloud logging sinks|buckets delete", "az monitor diagnostic-settings delete"},
		Over: []string{"cloud-destroy", "clouds-aws-delete"},
		Match: []string{"aws cloudtrail stop-logging --name main", "aws --profile prod cloudtrail stop-logging --name t", "aws config stop-configuration-recorder --configuration-recorder-name default",
			"aws securityhub disable-security-hub", "aws guardduty update-detector --detector-id d --no-enable", "gcloud logging sinks delete audit-sink", "az monitor diagnostic-settings delete --name d --resource r"},
		NoMatch: []string{"aws cloudtrail describe-trails", "aws cloudtrail start-logging --name main", "aws guardduty update-detector --detector-id d --enable",
			"gcloud logging sinks list", "az monitor diagnostic-settings list --resource r"},
	},
	{
		ID: "logs-audit-off", Title: "Switch off or clear the audit system",
		Reason:  "Deleting every audit rule or disabling auditing stops the kernel recording what users and programs do.",
		When:    []string{"auditctl -D", "auditctl -e=0"},
		Match:   []string{"auditctl -D", "sudo auditctl -D", "auditctl -e 0", "auditctl -e0"},
		NoMatch: []string{"auditctl -l", "auditctl -s", "auditctl -e 1", "auditctl -w /etc/passwd -p wa"},
	},
}}
