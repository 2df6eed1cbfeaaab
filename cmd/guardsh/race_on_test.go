//go:build race

package main

// raceBuild reports whether the tests run with the race detector, which
// makes time and memory figures meaningless.
const raceBuild = true
