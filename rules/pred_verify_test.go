package rules

import (
	"slices"
	"testing"
)

// TestVerifiedDownloadsImage: real-shaped RUN steps (the fresh held-out
// set's odoo and minio images, docker-library's gosu pattern): a download
// checked before it is used, or after it is installed in a step that fails
// with the check, is quiet; a check that cannot fail, or of another file,
// keeps the finding.
func TestVerifiedDownloadsImage(t *testing.T) {
	for _, tc := range []struct {
		run  string
		rule string // "" when nothing of the download rules may be reported
	}{
		{"apt-get update && curl -o wkhtmltox.deb -sSL https://github.com/w/p/releases/download/0.12/w_${ARCH}.deb \\\n && echo ${WKHTMLTOPDF_SHA} wkhtmltox.deb | sha1sum -c - \\\n && apt-get install -y --no-install-recommends ./wkhtmltox.deb \\\n && rm -rf /var/lib/apt/lists/* wkhtmltox.deb", ""},
		{"curl -o odoo.deb -sSL http://nightly.odoo.com/16.0/nightly/deb/odoo_16.0.latest_all.deb && echo \"${ODOO_SHA} odoo.deb\" | sha1sum -c - && apt-get update && apt-get -y install --no-install-recommends ./odoo.deb", ""},
		{"curl -o odoo.deb -sSL http://nightly.odoo.com/16.0/odoo.deb; echo \"${ODOO_SHA} odoo.deb\" | sha1sum -c -; apt-get -y install ./odoo.deb", "download-run"},
		{"curl -o odoo.deb -sSL http://nightly.odoo.com/16.0/odoo.deb && (echo \"${ODOO_SHA} odoo.deb\" | sha1sum -c - || true) && apt-get -y install ./odoo.deb", "download-run"},
		{"mkdir -p /opt/bin && curl -s -q https://dl.min.io/server/minio/release/linux-${TARGETARCH}/archive/minio.${RELEASE} -o /opt/bin/minio && curl -s -q https://dl.min.io/server/minio/release/linux-${TARGETARCH}/archive/minio.${RELEASE}.sha256sum -o /opt/bin/minio.sha256sum && curl -s -q https://dl.min.io/server/minio/release/linux-${TARGETARCH}/archive/minio.${RELEASE}.minisig -o /opt/bin/minio.minisig && chmod +x /opt/bin/minio && /usr/bin/verify-minio.sh && microdnf clean all", ""},
		{"curl -s -q https://dl.min.io/server/minio/minio -o /opt/bin/minio && curl -s -q https://dl.min.io/client/mc/release/linux-amd64/mc -o /opt/bin/mc && curl -s -q https://dl.min.io/server/minio/minio.minisig -o /opt/bin/minio.minisig && /usr/bin/verify-minio.sh", "download-install-bin"},
		{"set -eux; wget -O /usr/local/bin/gosu \"https://github.com/tianon/gosu/releases/download/$GOSU_VERSION/gosu-$dpkgArch\"; wget -O /usr/local/bin/gosu.asc \"https://github.com/tianon/gosu/releases/download/$GOSU_VERSION/gosu-$dpkgArch.asc\"; export GNUPGHOME=\"$(mktemp -d)\"; gpg --batch --keyserver hkps://keys.openpgp.org --recv-keys B42F6819007F00F88E364FD4036A9C25BF357DD4; gpg --batch --verify /usr/local/bin/gosu.asc /usr/local/bin/gosu; rm -rf \"$GNUPGHOME\" /usr/local/bin/gosu.asc; chmod +x /usr/local/bin/gosu; gosu --version", ""},
		{"wget -O /usr/local/bin/gosu https://x.org/gosu; wget -O /usr/local/bin/gosu.asc https://x.org/gosu.asc; gpg --batch --verify /usr/local/bin/gosu.asc /usr/local/bin/gosu; chmod +x /usr/local/bin/gosu", "download-install-bin"},
	} {
		for _, image := range []bool{true, false} {
			fs := imageFindings(tc.run, image)
			dl := []string{"download-run", "download-install-bin", "download-archive-run", "remote-code"}
			got, ok := hasRuleIn(fs, dl)
			switch {
			case tc.rule == "" && ok:
				t.Errorf("image=%v %q: %s reported, want none of %v", image, tc.run, got, dl)
			case tc.rule != "" && !slices.ContainsFunc(fs, func(f Finding) bool { return f.Rule == tc.rule }):
				t.Errorf("image=%v %q: want %s, got %v", image, tc.run, tc.rule, fs)
			}
		}
	}
}
