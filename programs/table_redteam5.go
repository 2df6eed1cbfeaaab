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
