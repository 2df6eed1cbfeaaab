package parse

import (
	"iter"
	"math/bits"
	"slices"
)

// pmap is a persistent map from strings (a hash array mapped trie): a copy
// costs nothing and shares the trie with the map it was taken from, and a
// change then copies only the nodes on the changed key's path. The walk's
// state is copied at every branch of the input (flow.go), so a branch costs
// what it changes, not the size of the state; diff finds what two copies
// changed in time proportional to the change.
//
// The zero pmap is empty and ready to use. A pmap is a value: assigning it
// shares the trie, and either copy may then change without changing the
// other (see share: the shared nodes are never changed in place).
type pmap[V any] struct {
	root *pnode[V]
	n    int
	// ed owns the nodes this map made since it was last shared: those it
	// changes in place. nil: none (the first change makes one).
	ed *pedit
	_  noCopy
}

// pedit is an edit token: nodes made under it may change in place.
type pedit struct{ _ byte } // not zero-sized: each new one is distinct

// pnode is a node of the trie: up to 32 slots, one for each value of the
// five bits of the hash its level reads, present where bitmap has the bit.
// Beyond the hash's 32 bits a node is a list of keys of the same hash
// (bitmap 0).
type pnode[V any] struct {
	ed     *pedit
	bitmap uint32
	slots  []pslot[V]
}

// pslot is a key and its value, or (sub set) a node one level down.
type pslot[V any] struct {
	sub  *pnode[V]
	key  string
	hash uint32
	val  V
}

const pshiftMax = 32 // levels at shift 0, 5, …, 30; beyond: collision lists

// phash is FNV-1a: short names, and the same order on every run.
func phash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// len returns the number of keys.
func (m *pmap[V]) len() int { return m.n }

// get returns the value of k and whether k is present.
func (m *pmap[V]) get(k string) (V, bool) {
	n := m.root
	if n == nil {
		var zero V
		return zero, false
	}
	h := phash(k)
	for shift := uint(0); ; shift += 5 {
		if shift >= pshiftMax {
			for i := range n.slots {
				if n.slots[i].key == k {
					return n.slots[i].val, true
				}
			}
			var zero V
			return zero, false
		}
		bit := uint32(1) << ((h >> shift) & 31)
		if n.bitmap&bit == 0 {
			var zero V
			return zero, false
		}
		s := &n.slots[bits.OnesCount32(n.bitmap&(bit-1))]
		if s.sub == nil {
			if s.key == k {
				return s.val, true
			}
			var zero V
			return zero, false
		}
		n = s.sub
	}
}

// at returns the value of k, the zero value when absent.
func (m *pmap[V]) at(k string) V {
	v, _ := m.get(k)
	return v
}

// has reports whether k is present.
func (m *pmap[V]) has(k string) bool {
	_, ok := m.get(k)
	return ok
}

// copyFrom makes m a copy of src: both then copy a node before changing
// it. (A pmap must not be copied by assignment: the copies would change
// each other's nodes.)
func (m *pmap[V]) copyFrom(src *pmap[V]) {
	src.ed = nil
	m.root, m.n, m.ed = src.root, src.n, nil
}

// clear empties m.
func (m *pmap[V]) clear() {
	m.root, m.n, m.ed = nil, 0, nil
}

// editable returns n itself when ed made it, else a copy made under ed.
func (n *pnode[V]) editable(ed *pedit) *pnode[V] {
	if n.ed == ed {
		return n
	}
	return &pnode[V]{ed: ed, bitmap: n.bitmap, slots: slices.Clone(n.slots)}
}

// set makes k's value v.
func (m *pmap[V]) set(k string, v V) {
	if m.ed == nil {
		m.ed = new(pedit)
	}
	var added bool
	m.root, added = m.root.set(m.ed, 0, phash(k), k, v)
	if added {
		m.n++
	}
}

func (n *pnode[V]) set(ed *pedit, shift uint, h uint32, k string, v V) (*pnode[V], bool) {
	if n == nil {
		n = &pnode[V]{ed: ed}
		if shift >= pshiftMax {
			n.slots = []pslot[V]{{key: k, hash: h, val: v}}
		} else {
			n.bitmap = 1 << ((h >> shift) & 31)
			n.slots = []pslot[V]{{key: k, hash: h, val: v}}
		}
		return n, true
	}
	if shift >= pshiftMax {
		for i := range n.slots {
			if n.slots[i].key == k {
				n = n.editable(ed)
				n.slots[i].val = v
				return n, false
			}
		}
		n = n.editable(ed)
		n.slots = append(n.slots, pslot[V]{key: k, hash: h, val: v})
		return n, true
	}
	bit := uint32(1) << ((h >> shift) & 31)
	i := bits.OnesCount32(n.bitmap & (bit - 1))
	if n.bitmap&bit == 0 {
		n = n.editable(ed)
		n.bitmap |= bit
		n.slots = slices.Insert(n.slots, i, pslot[V]{key: k, hash: h, val: v})
		return n, true
	}
	s := n.slots[i]
	switch {
	case s.sub != nil:
		sub, added := s.sub.set(ed, shift+5, h, k, v)
		if sub != s.sub {
			n = n.editable(ed)
			n.slots[i].sub = sub
		}
		return n, added
	case s.key == k:
		n = n.editable(ed)
		n.slots[i].val = v
		return n, false
	}
	// Another key in this slot: both go one level down.
	sub, _ := (*pnode[V])(nil).set(ed, shift+5, s.hash, s.key, s.val)
	sub, _ = sub.set(ed, shift+5, h, k, v)
	n = n.editable(ed)
	n.slots[i] = pslot[V]{sub: sub}
	return n, true
}

// del removes k.
func (m *pmap[V]) del(k string) {
	if m.root == nil {
		return
	}
	h := phash(k)
	if !m.has(k) {
		return // nothing to copy
	}
	if m.ed == nil {
		m.ed = new(pedit)
	}
	m.root = m.root.del(m.ed, 0, h, k)
	m.n--
}

// del removes k, which is present under n; nil when n is left empty.
func (n *pnode[V]) del(ed *pedit, shift uint, h uint32, k string) *pnode[V] {
	if shift >= pshiftMax {
		i := slices.IndexFunc(n.slots, func(s pslot[V]) bool { return s.key == k })
		if len(n.slots) == 1 {
			return nil
		}
		n = n.editable(ed)
		n.slots = slices.Delete(n.slots, i, i+1)
		return n
	}
	bit := uint32(1) << ((h >> shift) & 31)
	i := bits.OnesCount32(n.bitmap & (bit - 1))
	s := n.slots[i]
	if s.sub != nil {
		sub := s.sub.del(ed, shift+5, h, k)
		if sub != nil {
			n = n.editable(ed)
			n.slots[i].sub = sub
			return n
		}
	}
	if n.bitmap == bit {
		return nil
	}
	n = n.editable(ed)
	n.bitmap &^= bit
	n.slots = slices.Delete(n.slots, i, i+1)
	return n
}

// all yields every key and its value. The map may change while it is
// read: what is yielded is the map as it was.
func (m *pmap[V]) all() iter.Seq2[string, V] {
	root := m.root
	m.ed = nil // later changes copy: root stays as it is
	return func(yield func(string, V) bool) {
		root.each(yield)
	}
}

func (n *pnode[V]) each(yield func(string, V) bool) bool {
	if n == nil {
		return true
	}
	for i := range n.slots {
		s := &n.slots[i]
		if s.sub != nil {
			if !s.sub.each(yield) {
				return false
			}
		} else if !yield(s.key, s.val) {
			return false
		}
	}
	return true
}

// keys returns the keys, in the map's order.
func (m *pmap[V]) keys() []string {
	out := make([]string, 0, m.n)
	m.root.each(func(k string, _ V) bool {
		out = append(out, k)
		return true
	})
	return out
}

// pdiff calls fn with every key present in one of a and b and not the
// other, or with values that differ (eq). Parts the two maps share are
// skipped: the cost is that of what differs. A key may be given twice.
func pdiff[V any](a, b *pmap[V], eq func(x, y V) bool, fn func(k string)) {
	diffNode(a.root, b.root, 0, eq, fn)
}

func diffNode[V any](a, b *pnode[V], shift uint, eq func(x, y V) bool, fn func(k string)) {
	if a == b {
		return
	}
	if a == nil || b == nil || shift >= pshiftMax {
		diffFlat(a, b, eq, fn)
		return
	}
	all := a.bitmap | b.bitmap
	for all != 0 {
		bit := all & -all
		all &^= bit
		var sa, sb *pslot[V]
		if a.bitmap&bit != 0 {
			sa = &a.slots[bits.OnesCount32(a.bitmap&(bit-1))]
		}
		if b.bitmap&bit != 0 {
			sb = &b.slots[bits.OnesCount32(b.bitmap&(bit-1))]
		}
		switch {
		case sa == nil:
			emitSlot(sb, fn)
		case sb == nil:
			emitSlot(sa, fn)
		case sa.sub != nil && sb.sub != nil:
			diffNode(sa.sub, sb.sub, shift+5, eq, fn)
		case sa.sub == nil && sb.sub == nil:
			if sa.key != sb.key {
				fn(sa.key)
				fn(sb.key)
			} else if !eq(sa.val, sb.val) {
				fn(sa.key)
			}
		default:
			// A key on one side, a node on the other.
			diffFlat(slotNode(sa), slotNode(sb), eq, fn)
		}
	}
}

func slotNode[V any](s *pslot[V]) *pnode[V] {
	if s.sub != nil {
		return s.sub
	}
	return &pnode[V]{slots: []pslot[V]{*s}}
}

func emitSlot[V any](s *pslot[V], fn func(k string)) {
	if s.sub == nil {
		fn(s.key)
		return
	}
	s.sub.each(func(k string, _ V) bool {
		fn(k)
		return true
	})
}

// diffFlat compares the keys under a and b one by one.
func diffFlat[V any](a, b *pnode[V], eq func(x, y V) bool, fn func(k string)) {
	type kv struct {
		k string
		v V
	}
	var la []kv
	a.each(func(k string, v V) bool {
		la = append(la, kv{k, v})
		return true
	})
	seen := make(map[string]bool, len(la))
	b.each(func(k string, v V) bool {
		for _, x := range la {
			if x.k == k {
				seen[k] = true
				if !eq(x.v, v) {
					fn(k)
				}
				return true
			}
		}
		fn(k)
		return true
	})
	for _, x := range la {
		if !seen[x.k] {
			fn(x.k)
		}
	}
}

// noCopy makes go vet report a pmap copied by assignment (see copyFrom).
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}
