module github.com/guardsh/guardsh

go 1.26.0

require (
	aead.dev/minisign v0.3.0
	github.com/BurntSushi/toml v1.6.0
	github.com/adrg/xdg v0.5.3
	github.com/creack/pty v1.1.24
	github.com/mattn/go-isatty v0.0.24
	github.com/minio/selfupdate v0.6.0
	github.com/mtibben/confusables v0.0.0-20210201002637-9d1b0723b659
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
	golang.org/x/text v0.44.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	golang.org/x/crypto v0.59.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
