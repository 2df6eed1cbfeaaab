// Package suggest finds the word someone probably meant, for "did you
// mean" hints after a mistyped verb, rule id or pack name.
package suggest

// Closest returns the candidate nearest to word, if it is close enough to
// be a typo: an edit distance of at most 2, and less than half the word.
// It returns "" otherwise.
func Closest(word string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if d := Distance(word, c); d < bestD && d*2 < len(word)+1 {
			best, bestD = c, d
		}
	}
	return best
}

// Distance is the Levenshtein distance between a and b, in bytes.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
