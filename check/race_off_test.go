//go:build !race

package check

// raceOn is set when the race detector is on: wall-clock bounds do not hold.
const raceOn = false
