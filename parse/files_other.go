//go:build !unix

package parse

import "os"

// openNonBlock opens a file for reading.
func openNonBlock(name string) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, os.ErrInvalid
	}
	return os.Open(name)
}
