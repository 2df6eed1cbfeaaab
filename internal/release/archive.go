package release

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"time"
)

// A File is one entry of a release archive.
type File struct {
	Name string // path inside the archive, such as "guardsh" or "man/guardsh.1"
	Mode int64  // 0755 or 0644
	Data []byte
}

// Archive writes files as a gzip-compressed tar that depends only on the
// files and mtime: entries in the order given, owner and group 0 with no
// names, every time set to mtime, and a gzip header with no name or time.
func Archive(files []File, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gz)
	mtime = mtime.UTC().Truncate(time.Second)
	for _, f := range files {
		h := &tar.Header{
			Typeflag: tar.TypeReg, Name: f.Name, Mode: f.Mode, Size: int64(len(f.Data)),
			ModTime: mtime, Format: tar.FormatUSTAR,
		}
		if err := tw.WriteHeader(h); err != nil {
			return nil, fmt.Errorf("archive %s: %w", f.Name, err)
		}
		if _, err := tw.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// MaxBinary is the largest guardsh binary Extract accepts.
const MaxBinary = 256 << 20

// Extract returns the regular file called name at the top of a release
// archive. Links, devices, paths with directories or "..", a second entry
// of that name and an entry over MaxBinary are errors.
func Extract(archive []byte, name string) ([]byte, error) {
	gz, err := gzip.NewReader(bytes.NewReader(archive))
	if err != nil {
		return nil, fmt.Errorf("the archive is not gzip: %w", err)
	}
	tr := tar.NewReader(gz)
	var found []byte
	for n := 0; ; n++ {
		if n > 1000 {
			return nil, errors.New("the archive has more than 1000 entries")
		}
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the archive is damaged: %w", err)
		}
		if h.Name != name && h.Name != "./"+name {
			continue
		}
		if h.Typeflag != tar.TypeReg {
			return nil, fmt.Errorf("%s in the archive is not a regular file", name)
		}
		if found != nil {
			return nil, fmt.Errorf("the archive holds %s twice", name)
		}
		if h.Size > MaxBinary {
			return nil, fmt.Errorf("%s in the archive is %d bytes, over the %d limit", name, h.Size, MaxBinary)
		}
		found, err = io.ReadAll(io.LimitReader(tr, MaxBinary+1))
		if err != nil {
			return nil, fmt.Errorf("the archive is damaged: %w", err)
		}
		if int64(len(found)) != h.Size {
			return nil, fmt.Errorf("%s in the archive is truncated", name)
		}
	}
	if found == nil {
		return nil, fmt.Errorf("the archive has no %s at its top", name)
	}
	return found, nil
}
