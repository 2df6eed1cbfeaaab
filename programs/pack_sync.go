package programs

// Sync tools: making a destination identical to a source deletes what the
// source lacks.
var packSync = &Pack{Name: "sync", Title: "Sync and copy tools", File: "programs/pack_sync.go", Entries: []*Entry{
	{
		ID: "sync-delete", Title: "Sync that deletes in the destination",
		Reason:  "With --delete, every file in the destination that the source lacks is deleted; a wrong or empty source empties the destination.",
		Suggest: "run it with --dry-run (-n) first and read the list of deletions",
		When: []string{"rsync --delete|del|delete-before|delete-during|delete-delay|delete-after|delete-excluded|delete-missing-args !--dry-run !--list-only $real-destination",
			"aws s3 sync --delete", "gsutil rsync -d", "gcloud storage rsync --delete-unmatched-destination-objects",
			"rclone sync !--dry-run !--interactive"},
		Match: []string{"rsync -a --delete src/ /srv/www/", "rsync -av --del src/ ~/site/", "rsync -a --delete-after ./ host:/srv/app/", "rsync --delete -r a/ /mnt/backup/", "rsync -a --delete . host:/var/tmp/", "rsync -a --delete . host:tmp/x",
			"aws s3 sync ./empty s3://bucket --delete", "gsutil -m rsync -r -d ./empty gs://bucket",
			"rclone sync ./site remote:site", "rclone --config x.conf sync src: dst: --dry-run=false"},
		NoMatch: []string{"rsync -av --delete src/ dst/", "rsync -n -a --delete src/ /srv/www/", "rsync --dry-run -a --delete src/ /srv/www/", "rsync -a src/ /srv/www/",
			"rsync -a --delete src/ /tmp/out/", "rsync -arz --delete --exclude .git . ci@host:/var/tmp/\"$short_sha\"", "aws s3 sync ./site s3://bucket", "gsutil rsync -r ./site gs://bucket",
			"rclone sync ./site remote:site --dry-run", "rclone sync -i a: b:", "rclone copy ./site remote:site"},
	},
	{
		ID: "sync-rclone-delete", Title: "rclone deletes remote files",
		Reason: "rclone purge, delete, rmdirs and dedupe with a keep mode remove the files of a remote (a bucket, a drive) with no trash.",
		When: []string{"rclone purge|delete|deletefile|rmdirs|cleanup !--dry-run !--interactive",
			"rclone dedupe --dedupe-mode=first|newest|oldest|largest|smallest !--dry-run !--interactive",
			"rclone dedupe first|newest|oldest|largest|smallest !--dry-run !--interactive"},
		Over: []string{"destroy-data"},
		Match: []string{"rclone purge remote:", "rclone delete remote:path", "rclone --config x.conf purge s3:bucket", "rclone deletefile remote:a.txt",
			"rclone delete remote:path --dry-run=false", "rclone dedupe --dedupe-mode newest remote:photos", "rclone dedupe oldest remote:photos"},
		NoMatch: []string{"rclone ls remote:", "rclone copy a remote:b", "rclone delete --dry-run remote:path", "rclone purge -n remote:",
			"rclone dedupe remote:photos", "rclone dedupe --dedupe-mode rename remote:photos", "rclone move src: dst:"},
	},
	{
		ID: "files-overwrite-outside", Title: "Empty or shred files outside the project",
		Reason:  "truncate -s 0, : > FILE and cp /dev/null FILE empty a file and shred, wipe and srm overwrite it so that nothing can bring it back; outside the project that is data or configuration nobody made on this line.",
		Suggest: "copy the file aside first, or delete it with rm (a backup can still restore it)",
		When:    []string{"truncate --size=0|0K|0M|0G|0B|0KB|0MB $outside-project", "shred|wipe|srm $outside-project", "* $empties-outside"},
		Over:    []string{"rm-recursive"},
		Match: []string{"truncate -s 0 ~/data.db", "truncate --size=0 /var/lib/mysql/ibdata1", "truncate -s0 /srv/app/db.sqlite", "shred -u ~/secret.txt", "shred ~/notes.txt", "wipe -rf ~/docs", "srm -r /srv/backups",
			": > ~/data.db", "cp /dev/null /srv/app/app.db", "> /var/lib/app/state.json"},
		NoMatch: []string{"truncate -s 0 build/out.log", "truncate -s 10M disk.img", "truncate -s 0 /tmp/x.log", "shred -u ./tmp/key.pem", "shred -u key.pem", "wipe -rf ./scratch", "truncate -s 1G /srv/swap.img",
			": > build/out.log", "cp /dev/null ./empty.txt", ": > /tmp/x", "echo x > ~/notes.txt", "cp a.txt ~/b.txt"},
	},
}}
