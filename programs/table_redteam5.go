package programs

// Packs of redteam5: message brokers and backup tools, whose delete, purge
// and reset commands were silent allows (measured on main 375a2d4).
//
// Facts, from each tool's own documentation:
//   - kafka-topics --delete removes a topic and its data (with a regex
//     topic name, every topic that matches); kafka-consumer-groups --delete
//     removes a group's committed offsets; kafka-delete-records deletes the
//     records of partitions up to an offset.
//   - rabbitmqctl delete_queue and purge_queue drop a queue or its
//     messages; reset and force_reset return the node to a blank state
//     (every vhost, user, queue and message gone); delete_vhost drops a
//     virtual host with all its queues. rabbitmqadmin delete and purge do
//     the same over HTTP.
//   - nats stream rm/purge, nats kv del/rm/purge (a bucket or a key), nats
//     object rm and nats consumer rm delete JetStream data; without -f they
//     ask on the terminal, which an agent answers with --force or yes.
//   - pulsar-admin topics|namespaces|tenants delete and pulsarctl … delete.
//   - borg delete removes archives or the whole repository; borg prune
//     removes the archives its --keep rules do not keep; borg recreate
//     rewrites archives without what it excludes. restic forget (and
//     kopia snapshot delete, tarsnap -d, duplicity remove-*) removes
//     snapshots; restic prune then frees the data, for good.
var packMessaging = &Pack{Name: "messaging", Title: "Message brokers (Kafka, RabbitMQ, NATS, Pulsar)", File: "programs/table_redteam5.go", Entries: []*Entry{
	{
		ID: "messaging-delete", Title: "Delete topics, queues or streams of a message broker",
		Reason:  "Deleting or purging a topic, queue, stream or bucket drops the messages in it that no consumer has read yet, and resetting a RabbitMQ node drops every queue, user and message it has.",
		Suggest: "check the name and the cluster first (kafka-topics --describe, rabbitmqctl list_queues, nats stream info)",
		When: []string{"kafka-topics|kafka-topics.sh --delete", "kafka-consumer-groups|kafka-consumer-groups.sh --delete|delete-offsets",
			"kafka-delete-records|kafka-delete-records.sh",
			"rabbitmqctl delete_queue|purge_queue|reset|force_reset|delete_vhost|forget_cluster_node", "rabbitmqadmin delete|purge",
			"nats stream|str rm|delete|del|purge", "nats kv del|rm|delete|purge", "nats object|obj rm|del|delete", "nats consumer|con rm|del|delete",
			"pulsar-admin|pulsarctl topics|namespaces|tenants|clusters delete|delete-partitioned-topic"},
		Over: []string{"destroy-data"},
		Match: []string{"kafka-topics.sh --bootstrap-server localhost:9092 --delete --topic orders", "kafka-topics --bootstrap-server b:9092 --topic '.*' --delete",
			"kafka-consumer-groups --bootstrap-server b:9092 --delete --group g1", "kafka-delete-records --bootstrap-server b:9092 --offset-json-file x.json",
			"rabbitmqctl delete_queue orders", "rabbitmqctl -n rabbit@h purge_queue orders", "rabbitmqctl reset", "rabbitmqctl force_reset", "rabbitmqctl delete_vhost /prod",
			"rabbitmqadmin delete queue name=orders", "rabbitmqadmin purge queue name=orders", "nats stream rm ORDERS -f", "nats stream purge ORDERS -f", "nats kv del bucket --force",
			"nats --server prod:4222 str rm ORDERS -f", "nats object rm files -f", "pulsar-admin topics delete persistent://t/ns/topic", "pulsar-admin namespaces delete t/ns"},
		NoMatch: []string{"kafka-topics --bootstrap-server b:9092 --list", "kafka-topics --bootstrap-server b:9092 --describe --topic orders", "kafka-consumer-groups --bootstrap-server b:9092 --describe --group g1",
			"rabbitmqctl list_queues", "rabbitmqctl status", "rabbitmqadmin list queues", "nats stream ls", "nats stream info ORDERS", "nats kv get bucket key",
			"nats pub orders hi", "pulsar-admin topics list t/ns"},
	},
}}

var packBackup = &Pack{Name: "backup", Title: "Backup tools (borg, restic, kopia, duplicity, tarsnap)", File: "programs/table_redteam5.go", Entries: []*Entry{
	{
		ID: "backup-delete", Title: "Delete backups or snapshots",
		Reason:  "Deleting, forgetting or pruning backup archives and snapshots removes the copies a restore would need; with a repository named alone, borg delete removes every archive in it.",
		Suggest: "list what would go first (borg prune --dry-run --list, restic forget --dry-run)",
		When: []string{"borg|borg2 delete|rdelete|prune|recreate !--dry-run !-n", "restic forget|prune !--dry-run !-n",
			"kopia snapshot|snap delete|rm", "kopia repository|repo delete", "tarsnap -d", "tarsnap --nuke",
			"duplicity remove-older-than|remove-all-but-n-full|remove-all-inc-of-but-n-full --force", "rdiff-backup --remove-older-than=*",
			"rdiff-backup remove"},
		Over: []string{"destroy-data"},
		Match: []string{"borg delete --force /backup::archive", "borg delete /mnt/backup", "borg prune --keep-last 1 /backup", "borg recreate /backup --exclude '*.db'",
			"BORG_PASSPHRASE=x borg delete ssh://b/./repo", "restic forget --prune --keep-last 1", "restic -r s3:bucket forget latest --prune", "restic prune",
			"kopia snapshot delete k123 --delete", "tarsnap -d -f nightly", "tarsnap --nuke", "duplicity remove-older-than 1D --force file:///backup",
			"rdiff-backup --remove-older-than 1D /backup"},
		NoMatch: []string{"borg list /backup", "borg create /backup::x ~/docs", "borg prune --dry-run --list --keep-last 1 /backup", "borg delete -n /backup::a",
			"restic snapshots", "restic backup ~/docs", "restic forget --dry-run --keep-last 1", "kopia snapshot list", "tarsnap -c -f x ~/docs",
			"duplicity remove-older-than 1D file:///backup", "rdiff-backup /src /backup"},
	},
}}

// packVCS: version control other than git. Facts from each tool's manual:
// hg update -C / revert --all / purge discard uncommitted edits or
// untracked files (revert keeps .orig copies unless --no-backup), hg strip
// and rollback remove commits; svn revert discards local edits (no
// backup), svn cleanup --remove-unversioned deletes unversioned files, svn
// delete --force deletes locally modified files and svn delete URL commits
// the deletion on the server; bzr revert and clean-tree, fossil revert and
// clean, darcs revert and obliterate, p4 revert and obliterate -y (without
// -y it only previews) do the same in theirs. Sapling (sl) reads as hg.
var packVCS = &Pack{Name: "vcs", Title: "Version control other than git (hg, svn, bzr, fossil, darcs, p4)", File: "programs/table_redteam5.go", Entries: []*Entry{
	{
		ID: "vcs-discard", Title: "Discard uncommitted work or remove commits in hg, svn, bzr, fossil, darcs or p4",
		Reason:  "Reverting, cleaning or updating with --clean throws away edits and files that were never committed, and strip, rollback, obliterate and uncommit remove commits: nothing in the repository keeps a copy.",
		Suggest: "look at what would go first (hg status, svn status, p4 opened), and commit or shelve it",
		When: []string{"hg|sl|chg update|up|checkout|co|goto --clean", "hg|sl|chg revert --all", "hg|sl|chg revert --no-backup", "hg|sl|chg purge|clean",
			"hg|sl|chg strip|rollback|prune", "hg|sl|chg debugstrip",
			"svn revert", "svn cleanup --remove-unversioned|remove-ignored", "svn delete|del|remove|rm --force", "svn delete|del|remove|rm @http*|svn*|file:*",
			"bzr|brz revert|clean-tree|uncommit", "fossil revert|clean|purge", "darcs revert|obliterate|unrecord|unpull", "p4 revert !-n", "p4 obliterate -y"},
		Over: []string{"destroy-data"},
		Match: []string{"hg update -C", "hg up --clean tip", "hg revert --all --no-backup", "hg revert --all", "hg purge --all", "hg strip -r 3", "hg rollback",
			"sl goto --clean main", "svn revert -R .", "svn revert src/main.c", "svn cleanup --remove-unversioned", "svn rm --force src", "svn delete https://svn.example.com/repo/trunk -m x",
			"bzr revert", "bzr clean-tree --ignored --unknown --force", "fossil revert", "fossil clean -x --force", "darcs revert -a", "darcs obliterate -a",
			"p4 revert //...", "p4 obliterate -y //depot/..."},
		NoMatch: []string{"hg status", "hg update tip", "hg revert --help", "hg log", "svn status", "svn update", "svn delete old.c", "svn cleanup", "bzr status", "fossil status",
			"darcs whatsnew", "p4 opened", "p4 revert -n //...", "p4 obliterate //depot/..."},
	},
}}

// packStorage: disk and firmware tools beyond mkfs and dd. Facts from their
// manuals: sg_format --format low-level formats a SCSI disk; mdadm --create
// writes new RAID superblocks over the member devices; cryptsetup
// luksKillSlot and luksRemoveKey drop a key slot (the last one leaves the
// volume unreadable for good); lvreduce, and lvresize to a smaller size,
// cut the end off a filesystem that was not shrunk first; xfs_repair -L
// zeroes the log, losing the changes in it; zfs rollback -r/-R destroys
// every later snapshot (and with -R their clones); flashrom -w rewrites
// firmware; efibootmgr -B deletes a boot entry; update-initramfs -d -k all
// deletes every initramfs (the next boot has none).
var packStorage = &Pack{Name: "storage", Title: "Disks, volumes and firmware", File: "programs/table_redteam5.go", Entries: []*Entry{
	{
		ID: "storage-destroy", Title: "Format, shrink or rewrite a disk, volume, key slot or firmware",
		Reason:  "These rewrite what holds the data: a low-level format, a RAID created over disks, a key slot removed (the last one locks the volume for good), a volume shrunk under its filesystem, a filesystem log thrown away, later snapshots destroyed, firmware or boot entries replaced.",
		Suggest: "take a backup first, and check the device and volume names twice (lsblk, lvs, zfs list -t snapshot)",
		When: []string{"sg_format --format", "mdadm --create", "cryptsetup luksKillSlot|luksRemoveKey|erase", "lvreduce !--resizefs", "lvresize --size=-* !--resizefs",
			"xfs_repair -L", "zfs rollback -r|-R", "flashrom --write|-w", "efibootmgr --delete-bootnum|-B", "update-initramfs -d @all",
			// misses6 (redteam5's open list): vgreduce --removemissing
			// --force also removes the logical volumes that had any part
			// on a missing disk (lvm's manual: "any LVs on those PVs are
			// removed"); without --force it refuses, --mirrorsonly keeps them.
			"vgreduce --removemissing --force !--mirrorsonly !--test"},
		Over: []string{"destroy-data"},
		Match: []string{"sg_format --format /dev/sg0", "mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sda /dev/sdb", "cryptsetup luksKillSlot /dev/sda2 0",
			"cryptsetup luksRemoveKey /dev/sda2", "lvreduce -L 1G -f vg0/root", "lvresize -L -10G vg0/data -f", "xfs_repair -L /dev/sdb1", "zfs rollback -r tank/data@snap",
			"flashrom -p internal -w bios.bin", "efibootmgr -b 0001 -B", "update-initramfs -d -k all",
			"vgreduce --removemissing --force vg0", "sudo vgreduce -f --removemissing vg0", "vgreduce --removem --force vg0"},
		NoMatch: []string{"sg_format /dev/sg0", "mdadm --detail /dev/md0", "cryptsetup luksDump /dev/sda2", "cryptsetup luksAddKey /dev/sda2", "lvresize -L +10G vg0/data",
			"lvextend -L +5G vg0/data", "xfs_repair -n /dev/sdb1", "zfs rollback tank/data@snap", "flashrom -p internal -r backup.bin", "efibootmgr -v",
			"lvreduce -L -40G -r vg0/data", "lvresize -L -10G -r vg0/data", "update-initramfs -u -k all", "update-initramfs -d -k 6.1.0-9-amd64",
			"vgreduce --removemissing vg0", "vgreduce --removemissing --mirrorsonly --force vg0", "vgreduce vg0 /dev/sdb1", "vgreduce --removemissing --force --test vg0"},
	},
}}

// tableRedteam5 holds the grammars the packs above need: lvm's resize
// tools take -L SIZE with a sign (-L -10G shrinks), hg's -C is --clean.
var tableRedteam5 = []*Spec{
	{Name: "lvresize", Style: GNU, Aliases: []string{"lvreduce", "lvextend"}, Opts: `L/size= l/extents= r/resizefs f/force n/nofsck t/test y/yes A/autobackup=
		i/stripes= I/stripesize= poolmetadatasize= fs= fsmode= noudevsync reportformat= d/debug h/help q/quiet v/verbose version
		alloc= nosync commandprofile= config= devices= devicesfile= driverloaded= journal= lockopt= longhelp nolocking profile=`},
	{Name: "hg", Style: GNU, Partial: true, Aliases: []string{"chg", "sl"}, Opts: `R/repository= cwd= y/noninteractive q/quiet v/verbose config=
		debug debugger encoding= encodingmode= traceback time profile version h/help hidden pager= color=`,
		Leaves:   `update up checkout co goto revert purge clean strip rollback prune debugstrip status st log diff commit ci pull push`,
		LeafOpts: `C/clean c/check r/rev= d/date= a/all no-backup n/dry-run I/include= X/exclude= i/interactive`},
}
