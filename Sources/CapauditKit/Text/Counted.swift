/// A count and its noun, plural unless the count is one: `1 finding`, `3 findings`.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
