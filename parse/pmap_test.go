package parse

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPmap checks pmap against a Go map under random changes to several
// copies that share nodes, with keys whose hashes collide in their low
// bits, and pdiff against a comparison of the whole maps.
func TestPmap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type pair struct {
		p pmap[int]
		m map[string]int
	}
	copyOf := func(x *pair) *pair {
		c := &pair{m: map[string]int{}}
		c.p.copyFrom(&x.p)
		for k, v := range x.m {
			c.m[k] = v
		}
		return c
	}
	check := func(x *pair) {
		t.Helper()
		if x.p.len() != len(x.m) {
			t.Fatalf("len %d, want %d", x.p.len(), len(x.m))
		}
		for k, v := range x.m {
			if got, ok := x.p.get(k); !ok || got != v {
				t.Fatalf("get(%q) = %d, %v; want %d", k, got, ok, v)
			}
		}
		n := 0
		for k, v := range x.p.all() {
			n++
			if x.m[k] != v {
				t.Fatalf("all: %q=%d, want %d", k, v, x.m[k])
			}
		}
		if n != len(x.m) {
			t.Fatalf("all yields %d keys, want %d", n, len(x.m))
		}
	}
	key := func() string { return fmt.Sprint("k", r.IntN(3000)) }
	all := []*pair{{m: map[string]int{}}}
	for step := range 40000 {
		x := all[r.IntN(len(all))]
		switch op := r.IntN(10); {
		case op < 5:
			k, v := key(), r.IntN(5)
			x.p.set(k, v)
			x.m[k] = v
		case op < 8:
			k := key()
			x.p.del(k)
			delete(x.m, k)
		case op < 9 && len(all) < 40:
			all = append(all, copyOf(x))
		default:
			// Delete while reading, as a Go map allows.
			for k := range x.p.all() {
				if r.IntN(4) == 0 {
					x.p.del(k)
					delete(x.m, k)
				}
			}
		}
		if step%997 == 0 {
			for _, y := range all {
				check(y)
			}
			a, b := all[r.IntN(len(all))], all[r.IntN(len(all))]
			var got []string
			pdiff(&a.p, &b.p, func(x, y int) bool { return x == y }, func(k string) {
				if !slices.Contains(got, k) {
					got = append(got, k)
				}
			})
			var want []string
			for k, v := range a.m {
				if w, ok := b.m[k]; !ok || w != v {
					want = append(want, k)
				}
			}
			for k := range b.m {
				if _, ok := a.m[k]; !ok {
					want = append(want, k)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("pdiff = %v, want %v", got, want)
			}
		}
	}
	for _, y := range all {
		check(y)
	}
}

// TestPmapCollisions: keys of the same hash share a list below the last
// level.
func TestPmapCollisions(t *testing.T) {
	var m pmap[string]
	// Find keys with the same FNV-1a hash is hard; force the collision
	// path by reading the list level directly.
	n := (*pnode[string])(nil)
	n, _ = n.set(new(pedit), pshiftMax, 7, "a", "1")
	n, _ = n.set(new(pedit), pshiftMax, 7, "b", "2")
	n, _ = n.set(new(pedit), pshiftMax, 7, "a", "3")
	if len(n.slots) != 2 || n.slots[0].val != "3" {
		t.Fatalf("collision list %+v", n.slots)
	}
	n = n.del(new(pedit), pshiftMax, 7, "a")
	if len(n.slots) != 1 || n.slots[0].key != "b" {
		t.Fatalf("after del: %+v", n.slots)
	}
	m.set("x", "y")
	var c pmap[string]
	c.copyFrom(&m)
	c.set("x", "z")
	if m.at("x") != "y" || c.at("x") != "z" {
		t.Fatalf("copies changed each other: %q %q", m.at("x"), c.at("x"))
	}
}
