package searchindex

import "encoding/binary"

// A term shard is a binary file (t/<n>.bin) holding a run of consecutive
// terms in byte order with their posting lists. All integers are unsigned
// LEB128 varints:
//
//	shard   = count:uvarint entry*count
//	entry   = shared:uvarint suffixLen:uvarint suffix:byte*suffixLen
//	          df:uvarint gap:uvarint*df weight:byte*df
//
// A term is the first shared bytes of the previous term of the shard
// followed by suffix (UTF-8). Document ids ascend; each gap is the id minus
// the previous id minus one (the first previous id is −1). Weights follow the
// gaps as one byte each. theme/assets/js/search/engine.js decodes it.
type shard struct {
	first string // the shard's first term
	data  []byte
}

// encodeShards packs sorted terms and their postings into shards of about
// target bytes. A term never spans two shards, so one with a very long
// posting list makes a shard of its own.
func encodeShards(terms []string, lists [][]posting, target int) []shard {
	var (
		out   []shard
		body  []byte
		count int
		prev  string
		first string
	)
	closeShard := func() {
		if count == 0 {
			return
		}
		data := binary.AppendUvarint(make([]byte, 0, len(body)+binary.MaxVarintLen64), uint64(count))
		out = append(out, shard{first: first, data: append(data, body...)})
		body, count, prev = nil, 0, ""
	}
	for i, term := range terms {
		post := encodePostings(lists[i])
		head := termHead(prev, term)
		if count > 0 && len(body)+len(head)+len(post) > target {
			closeShard()
			head = termHead("", term)
		}
		if count == 0 {
			first = term
		}
		body = append(append(body, head...), post...)
		count++
		prev = term
	}
	closeShard()
	return out
}

// termHead front-codes term against the previous term of its shard.
func termHead(prev, term string) []byte {
	shared := 0
	for shared < len(prev) && shared < len(term) && prev[shared] == term[shared] {
		shared++
	}
	b := binary.AppendUvarint(nil, uint64(shared))
	b = binary.AppendUvarint(b, uint64(len(term)-shared))
	return append(b, term[shared:]...)
}

// encodePostings writes df, the id gaps and the weights of one list.
func encodePostings(list []posting) []byte {
	b := binary.AppendUvarint(nil, uint64(len(list)))
	prev := int64(-1)
	for _, p := range list {
		b = binary.AppendUvarint(b, uint64(int64(p.doc)-prev-1))
		prev = int64(p.doc)
	}
	for _, p := range list {
		b = append(b, p.w)
	}
	return b
}
