package release

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Get downloads url, at most max bytes, within the context's deadline. Only
// https is accepted, and plain http only to a loopback address (a mirror or
// a test server on this machine); redirects follow the same rule.
func Get(ctx context.Context, rawURL string, max int64) ([]byte, error) {
	if err := allowedURL(rawURL); err != nil {
		return nil, err
	}
	client := &http.Client{
		Timeout: 2 * time.Minute,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			return allowedURL(req.URL.String())
		},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", "guardsh-update")
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", rawURL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("download %s: %s", rawURL, resp.Status)
	}
	if resp.ContentLength > max {
		return nil, fmt.Errorf("download %s: %d bytes, over the %d limit", rawURL, resp.ContentLength, max)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", rawURL, err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("download %s: over the %d-byte limit", rawURL, max)
	}
	if resp.ContentLength >= 0 && int64(len(b)) != resp.ContentLength {
		return nil, fmt.Errorf("download %s: truncated (%d of %d bytes)", rawURL, len(b), resp.ContentLength)
	}
	return b, nil
}

func allowedURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("bad release URL %q: %v", raw, err)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if ip := net.ParseIP(u.Hostname()); ip != nil && ip.IsLoopback() {
			return nil
		}
		return fmt.Errorf("refusing plain http to %s: releases are fetched over https (http only to a loopback address)", u.Host)
	}
	return fmt.Errorf("refusing release URL %q: want https", raw)
}

// Join appends path elements to a base URL with single slashes.
func Join(base string, elems ...string) string {
	return strings.TrimRight(base, "/") + "/" + strings.Join(elems, "/")
}
