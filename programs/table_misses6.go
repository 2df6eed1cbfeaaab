package programs

// Pack of misses6: trust stores and the platform's own checks of what it
// runs, found missing on unseen material (the held-out set of the fifth
// session: jenkins's import-custom-certs.sh runs keytool -importcert into
// the JVM's cacerts at every container start; git's CI clears the
// quarantine of downloaded binaries with xattr -d com.apple.quarantine).
//
// Facts, from each tool's manual:
//   - keytool -importcert (and its old name -import) adds a certificate
//     to a keystore; with -trustcacerts absent and -noprompt it is added
//     as a trusted entry. The JVM's trust store is the keystore named
//     cacerts (jssecacerts first, when present) under $JAVA_HOME/lib/security
//     (Debian: /etc/ssl/certs/java/cacerts, Fedora: /etc/pki/java/cacerts);
//     -cacerts (JDK 9) names it. keytool reads its commands and options
//     without regard to case. -importkeystore copies every entry of another
//     keystore into -destkeystore.
//   - NSS certutil -A adds a certificate, -M changes its trust, with -t
//     TRUSTARGS: C (trusted CA for TLS), T (trusted CA for client
//     certificates) and P (trusted peer) grant trust; p and c (valid peer,
//     valid CA) and ",," do not. The user's database of Chrome and
//     Firefox-based programs is sql:$HOME/.pki/nssdb, the system's
//     /etc/pki/nssdb; without -d certutil uses its default database.
//     Windows' certutil -addstore Root (AuthRoot, TrustedPublisher,
//     TrustedPeople) adds to a trusted store.
//   - macOS security add-trusted-cert adds a certificate with trust
//     settings (-d: the admin domain, every user); trust-settings-import
//     replaces the trust settings.
//   - p11-kit's trust anchor FILE stores an anchor (--remove takes it
//     away); update-ca-certificates and update-ca-trust rebuild the bundles
//     from the anchor directories, so the write into those directories is
//     what adds the trust: /usr/local/share/ca-certificates,
//     /usr/share/ca-certificates (with /etc/ca-certificates.conf),
//     /etc/pki/ca-trust/source(/anchors), /usr/share/pki/ca-trust-source,
//     /etc/ca-certificates/trust-source (Arch), /etc/pki/trust/anchors
//     (SUSE), and the bundles themselves (/etc/ssl/certs/ca-certificates.crt,
//     /etc/pki/tls/certs/ca-bundle.crt, certifi's cacert.pem). The blocklist
//     directories distrust, and are left out.
//   - xattr -d com.apple.quarantine FILE (or -c, every attribute) removes
//     the mark Gatekeeper checks a downloaded program by: it then runs
//     without the signature and notarisation check; defaults write
//     com.apple.LaunchServices LSQuarantine -bool false stops the mark being
//     set on downloads at all.
var packTrust = &Pack{Name: "trust", Title: "Trust stores and macOS Gatekeeper", File: "programs/table_misses6.go", Entries: []*Entry{
	{
		ID: "trust-ca-add", Title: "Trust a new certificate authority",
		Reason:  "A certificate added to a trust store (the system's CA bundle, the JVM's cacerts, a browser's NSS database, the macOS keychain) lets whoever holds its key impersonate any site to this machine: every TLS download, update and login can then be read or changed.",
		Suggest: "check the certificate's fingerprint against its owner's documentation, or give the one program that needs it the certificate (--cacert, NODE_EXTRA_CA_CERTS, -Djavax.net.ssl.trustStore)",
		When: []string{"keytool $keytool-trust-import", "certutil $certutil-trust-add", "security add-trusted-cert|trust-settings-import",
			"trust anchor !--remove", "* $ca-anchor-write"},
		Over: []string{"system-config-write"},
		Match: []string{"keytool -importcert -noprompt -keystore $JAVA_HOME/lib/security/cacerts -storepass changeit -file x.crt -alias x",
			"keytool -import -trustcacerts -keystore /etc/ssl/certs/java/cacerts -file x.crt", "keytool -importcert -cacerts -file x.crt", "keytool -ImportCert -CaCerts -file x.crt",
			"sudo keytool -keystore cacerts -importcert -alias a -file a.cer", "keytool -importkeystore -srckeystore my.p12 -destkeystore /etc/pki/java/cacerts",
			"certutil -A -d sql:$HOME/.pki/nssdb -t C,, -n x -i x.crt", "certutil -d sql:/etc/pki/nssdb -A -t CT,C,C -n x -i x.pem", "certutil -A -n x -t C,, -i x.crt",
			"certutil -M -d ~/.pki/nssdb -n x -t P,,", "certutil -addstore -f Root x.cer", "certutil -user -addstore root x.cer",
			"security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain x.crt", "sudo security add-trusted-cert -k ~/Library/Keychains/login.keychain-db x.pem",
			"trust anchor x.crt", "sudo trust anchor --store x.pem",
			"cp x.crt /usr/local/share/ca-certificates/ && update-ca-certificates", "sudo cp x.crt /etc/pki/ca-trust/source/anchors/x.crt", "cat x.pem >> /etc/ssl/certs/ca-certificates.crt",
			"install -m 644 x.crt /usr/local/share/ca-certificates/x.crt", "curl -o /usr/local/share/ca-certificates/x.crt https://x/ca.crt", "cp x.crt /etc/ca-certificates/trust-source/anchors/",
			"echo x.crt >> /etc/ca-certificates.conf"},
		NoMatch: []string{"keytool -list -keystore cacerts", "keytool -list -cacerts", "keytool -printcert -file x.crt", "keytool -importcert -keystore truststore.jks -file x.crt -alias x",
			"keytool -importcert -file x.crt", "keytool -genkeypair -keystore cacerts -alias x", "keytool -exportcert -keystore /etc/ssl/certs/java/cacerts -alias x",
			"keytool -delete -cacerts -alias x", "certutil -L -d sql:$HOME/.pki/nssdb", "certutil -N -d .", "certutil -A -d . -n x -t C,, -i x.crt",
			"certutil -A -n x -t ,, -i x.crt -d sql:$HOME/.pki/nssdb", "certutil -A -d ~/.pki/nssdb -n x -t p,p,p -i x.crt", "certutil -D -d sql:$HOME/.pki/nssdb -n x", "certutil -store root",
			"security find-certificate -a", "security verify-cert -c x.crt", "trust list", "trust anchor --remove x.crt", "trust extract-compat", "update-ca-certificates", "update-ca-trust extract",
			"cat /etc/ssl/certs/ca-certificates.crt", "cp /etc/ssl/certs/ca-certificates.crt /tmp/ca.crt", "cp x.crt /etc/pki/ca-trust/source/blocklist/", "ls /usr/local/share/ca-certificates"},
	},
	{
		ID: "trust-quarantine-off", Title: "Take a downloaded program out of macOS Gatekeeper's check",
		Reason:  "xattr -d com.apple.quarantine (or -c, every attribute) removes the mark Gatekeeper checks a downloaded program by: it then runs without its signature or notarisation being checked.",
		Suggest: "open it once from Finder (Open, then confirm), so Gatekeeper checks it, or verify its checksum first",
		When:    []string{"xattr $quarantine-off", "defaults write com.apple.LaunchServices LSQuarantine @false|no|0"},
		Match: []string{"xattr -d com.apple.quarantine p4", "sudo xattr -d com.apple.quarantine p4 p4d", "xattr -rd com.apple.quarantine /Applications/X.app", "xattr -dr com.apple.quarantine X.app",
			"xattr -r -d com.apple.quarantine X.app", "xattr -c X.app", "xattr -cr /Applications/X.app", "xattr -d com.apple.quarantine -r X.app",
			"defaults write com.apple.LaunchServices LSQuarantine -bool false", "defaults write com.apple.LaunchServices LSQuarantine -bool NO"},
		NoMatch: []string{"xattr -l file", "xattr -p com.apple.quarantine file", "xattr -d com.apple.FinderInfo file", "xattr -w user.k v file", "xattr file", "xattr -rd user.k dir", "defaults read com.apple.LaunchServices LSQuarantine",
			"defaults write com.apple.LaunchServices LSQuarantine -bool true"},
	},
}}

func init() { builtinPacks = append(builtinPacks, packTrust) }

// tableMisses6 holds grammars the misses6 entries read options by: lvm's
// vgreduce (getopt_long: long options by unique prefix).
var tableMisses6 = []*Spec{
	{Name: "vgreduce", Style: GNU, Partial: true, Opts: `a/all removemissing mirrorsonly f/force t/test y/yes q/quiet v/verbose d/debug h/help
		config= commandprofile= reportformat= driverloaded= lockopt= nolocking devices= devicesfile= journal= profile= nohints`},
}
