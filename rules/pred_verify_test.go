package rules

import (
	"slices"
	"strings"
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
		// linuxserver's s6-overlay over the image's / (heldout6's high miss):
		// quiet in a RUN before; on a machine system-config-write has it.
		{"apt-get install -y curl && curl -o /tmp/s6-overlay.tar.gz -L \"${OVERLAY_WWW}\" && tar xvfz /tmp/s6-overlay.tar.gz -C / && apt-get clean", "download-install-bin@image"},
		{"curl -o /tmp/s6.tar.gz -L https://x.org/s6.tar.gz && echo \"$S  /tmp/s6.tar.gz\" | sha256sum -c && tar xzf /tmp/s6.tar.gz -C /", ""},
		{"tar xvfz /tmp/s6-overlay.tar.gz -C /", ""},
		// nomad's Go toolchain moved into /usr/local.
		{"curl -sSL --fail -o /tmp/go.tar.gz https://storage.googleapis.com/golang/go1.22.linux-amd64.tar.gz\ntar -C /tmp -xf /tmp/go.tar.gz\nsudo mv /tmp/go /usr/local", "download-install-bin"},
		{"curl -sSL -o /tmp/go.tar.gz https://go.dev/dl/go1.22.linux-amd64.tar.gz && sudo tar -C /usr/local -xzf /tmp/go.tar.gz", "download-install-bin"},
		{"curl -sSL -o /tmp/go.tar.gz https://go.dev/dl/go1.22.linux-amd64.tar.gz && echo \"$GO_SHA  /tmp/go.tar.gz\" | sha256sum -c - && sudo tar -C /usr/local -xzf /tmp/go.tar.gz", ""},
		{"curl -sSL -o /tmp/d.tar.gz https://x.org/docs.tar.gz && tar -C /usr/local/share -xzf /tmp/d.tar.gz", ""},
		{"curl -fsSL https://x.org/nvim-linux64.tar.gz | tar -xz -C /opt", "download-install-bin"},
	} {
		for _, image := range []bool{true, false} {
			rule := tc.rule
			if want, ok := strings.CutSuffix(tc.rule, "@image"); ok && !image {
				if _, got := hasRuleIn(imageFindings(tc.run, false), []string{want}); got {
					t.Errorf("%q: %s reported outside an image too (system-config-write has it)", tc.run, want)
				}
				continue
			} else if ok {
				rule = want
			}
			fs := imageFindings(tc.run, image)
			dl := []string{"download-run", "download-install-bin", "download-archive-run", "remote-code"}
			got, ok := hasRuleIn(fs, dl)
			switch {
			case rule == "" && ok:
				t.Errorf("image=%v %q: %s reported, want none of %v", image, tc.run, got, dl)
			case rule != "" && !slices.ContainsFunc(fs, func(f Finding) bool { return f.Rule == rule }):
				t.Errorf("image=%v %q: want %s, got %v", image, tc.run, rule, fs)
			}
		}
	}
}
