package nav

// Neighbours returns the indexes of the items before and after item i of a
// list of n, -1 where there is none.
func Neighbours(i, n int) (prev, next int) {
	prev, next = i-1, i+1
	if i <= 0 || i >= n {
		prev = -1
	}
	if next >= n || i < 0 {
		next = -1
	}
	return prev, next
}
