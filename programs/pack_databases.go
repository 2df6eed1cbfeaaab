package programs

// Databases and caches beyond SQL: key-value stores, time series, search.
// Destructive SQL given to a client (-c, -e, --query, standard input, a
// file the line wrote) is the sql-destructive rule's; FLUSHALL, FLUSHDB and
// dropDatabase() are datastore-flush's.
//
// Decisions: pg_dump --clean and mysqldump --add-drop-* stay quiet (they
// write a dump; restoring it is what drops, and pg_restore --clean asks);
// sqlite's VACUUM INTO stays quiet (it refuses to overwrite a file that
// is not empty); redis KEYS * stays quiet (slow, but it deletes nothing);
// createdb stays quiet.
var packDatabases = &Pack{Name: "databases", Title: "Databases and caches", File: "programs/pack_databases.go", Entries: []*Entry{
	{
		ID: "databases-kv-wipe", Title: "Delete every key of a key-value store",
		Reason:  "Deleting by an empty prefix or from the first key removes every key of the store at once.",
		When:    []string{"etcdctl del|delete --prefix", "etcdctl del|delete --from-key"},
		Over:    []string{"destroy-data"},
		Match:   []string{"etcdctl del --prefix \"\"", "etcdctl del \"\" --from-key", "ETCDCTL_API=3 etcdctl --endpoints=http://x:2379 del --prefix /app"},
		NoMatch: []string{"etcdctl get --prefix /app", "etcdctl del /app/key", "etcdctl put k v"},
	},
	{
		ID: "databases-influx-delete", Title: "Delete InfluxDB buckets, organisations or points",
		Reason:  "influx bucket delete and influx delete remove the time series they name, with no undo.",
		When:    []string{"influx bucket|org|user|v1 delete", "influx delete"},
		Match:   []string{"influx bucket delete -n b", "influx bucket delete --id 123", "influx delete --bucket b --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z", "influx org delete -i x"},
		NoMatch: []string{"influx bucket list", "influx query 'from(bucket:\"b\")'", "influx write -b b 'm v=1'"},
	},
	{
		ID: "databases-http-delete", Title: "HTTP DELETE on a search index",
		Reason: "A DELETE request to Elasticsearch or OpenSearch removes the index (or, with _all or *, every index) and its documents.",
		When: []string{"curl --request=DELETE @*:9200*|*:9243*|*/_all*|*elastic*|*opensearch*",
			"http|https|xh DELETE @*:9200*|*elastic*|*opensearch*", "curl|http|https|xh @*/_delete_by_query*"},
		Match: []string{"curl -X DELETE http://localhost:9200/index", "curl -XDELETE 'localhost:9200/_all'", "curl --request DELETE https://es:9200/logs-*", "http DELETE :9200/index",
			"curl -X DELETE http://localhost:9200/my-index/_doc/123", "curl -X DELETE https://my-elastic.example.com/logs", "curl -X POST http://localhost:9200/my-index/_delete_by_query -d '{}'",
			"http POST :9200/my-index/_delete_by_query"},
		NoMatch: []string{"curl http://localhost:9200/_cat/indices", "curl -X GET localhost:9200/index/_search", "curl -X DELETE https://api.example.com/items/1",
			"curl -X GET http://localhost:9200/_cluster/health", "http GET :9200/_cat/indices?v"},
	},
	{
		ID: "databases-redis-admin", Title: "Crash, stop or repoint a Redis server",
		Reason: "SHUTDOWN stops the server, DEBUG SEGFAULT and friends crash or freeze it, REPLICAOF makes it throw its data away for another server's, and CONFIG SET dir or dbfilename is how an attacker makes Redis write a file (an SSH key, a cron job) anywhere it can.",
		When: []string{"redis-cli|valkey-cli|keydb-cli shutdown", "redis-cli|valkey-cli|keydb-cli debug @segfault|crash*|restart|sleep|oom|panic|set-active-expire|reload",
			"redis-cli|valkey-cli|keydb-cli replicaof|slaveof !@one", "redis-cli|valkey-cli|keydb-cli config set @dir|dbfilename|replicaof|slaveof|masterauth|masteruser"},
		Match: []string{"redis-cli SHUTDOWN", "redis-cli -h prod shutdown nosave", "redis-cli DEBUG SEGFAULT", "redis-cli -p 6380 debug sleep 60", "redis-cli CONFIG SET dir /root/.ssh",
			"redis-cli config set dbfilename authorized_keys", "redis-cli REPLICAOF 10.0.0.9 6379", "valkey-cli shutdown", "REDISCLI_AUTH=x redis-cli -h prod SHUTDOWN"},
		NoMatch: []string{"redis-cli GET k", "redis-cli INFO", "redis-cli CONFIG GET dir", "redis-cli CONFIG SET maxmemory 2gb", "redis-cli REPLICAOF NO ONE", "redis-cli DEBUG OBJECT k",
			"redis-cli --scan --pattern 'user:*'", "redis-cli KEYS '*'", "redis-cli GET shutdown"},
	},
	{
		ID: "databases-bulk-delete", Title: "Delete every key a scan finds",
		Reason: "Feeding redis-cli --scan or KEYS into DEL deletes every key that matches the pattern (with *, all of them), one by one: FLUSHALL by another name.",
		When:   []string{"redis-cli|valkey-cli|keydb-cli del|unlink $keys-from-scan"},
		Over:   []string{"datastore-flush"},
		Match: []string{"redis-cli --scan --pattern '*' | xargs redis-cli del", "redis-cli KEYS '*' | xargs redis-cli DEL", "redis-cli -n 2 --scan | xargs -L 100 redis-cli -n 2 unlink",
			"redis-cli --raw keys 'session:*' | xargs redis-cli del"},
		NoMatch: []string{"redis-cli DEL user:1", "redis-cli --scan --pattern 'user:*'", "echo user:1 | xargs redis-cli del", "redis-cli --scan | wc -l"},
	},
	{
		ID: "databases-restore-drop", Title: "Restore over a database, dropping what is there",
		Reason:  "mongorestore --drop drops every collection it restores before loading the dump: what the database held that the dump lacks is gone.",
		When:    []string{"mongorestore --drop"},
		Over:    []string{"destroy-data"},
		Match:   []string{"mongorestore --drop dump/", "mongorestore --uri mongodb://prod --drop --gzip --archive=x.gz"},
		NoMatch: []string{"mongorestore dump/", "mongodump --out dump/"},
	},
}}
