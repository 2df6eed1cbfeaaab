package programs

// Databases and caches beyond SQL: key-value stores, time series, search.
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
		When: []string{"curl --request=DELETE @*:9200*|*:9243*|*/_all*",
			"http|https|xh DELETE @*:9200*"},
		Match:   []string{"curl -X DELETE http://localhost:9200/index", "curl -XDELETE 'localhost:9200/_all'", "curl --request DELETE https://es:9200/logs-*", "http DELETE :9200/index"},
		NoMatch: []string{"curl http://localhost:9200/_cat/indices", "curl -X GET localhost:9200/index/_search", "curl -X DELETE https://api.example.com/items/1"},
	},
}}
