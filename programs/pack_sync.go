package programs

// Sync tools: making a destination identical to a source deletes what the
// source lacks.
var packSync = &Pack{Name: "sync", Title: "Sync and copy tools", File: "programs/pack_sync.go", Entries: []*Entry{
	{
		ID: "sync-delete", Title: "Sync that deletes in the destination",
		Reason:  "With --delete, every file in the destination that the source lacks is deleted; a wrong or empty source empties the destination.",
		Suggest: "run it with --dry-run (-n) first and read the list of deletions",
		When: []string{"rsync --delete|del|delete-before|delete-during|delete-delay|delete-after|delete-excluded|delete-missing-args !--dry-run !--list-only $real-destination",
			"aws s3 sync --delete", "gsutil rsync -d", "gcloud storage rsync --delete-unmatched-destination-objects"},
		Match: []string{"rsync -a --delete src/ /srv/www/", "rsync -av --del src/ ~/site/", "rsync -a --delete-after ./ host:/srv/app/", "rsync --delete -r a/ /mnt/backup/",
			"aws s3 sync ./empty s3://bucket --delete", "gsutil -m rsync -r -d ./empty gs://bucket"},
		NoMatch: []string{"rsync -av --delete src/ dst/", "rsync -n -a --delete src/ /srv/www/", "rsync --dry-run -a --delete src/ /srv/www/", "rsync -a src/ /srv/www/",
			"rsync -a --delete src/ /tmp/out/", "aws s3 sync ./site s3://bucket", "gsutil rsync -r ./site gs://bucket"},
	},
	{
		ID: "sync-rclone-delete", Title: "rclone deletes remote files",
		Reason:  "rclone purge, delete and rmdirs remove the files of a remote (a bucket, a drive) with no trash.",
		When:    []string{"rclone purge|delete|deletefile|rmdirs|cleanup !--dry-run !--interactive"},
		Over:    []string{"destroy-data"},
		Match:   []string{"rclone purge remote:", "rclone delete remote:path", "rclone --config x.conf purge s3:bucket", "rclone deletefile remote:a.txt"},
		NoMatch: []string{"rclone ls remote:", "rclone copy a remote:b", "rclone delete --dry-run remote:path", "rclone purge -n remote:"},
	},
}}
