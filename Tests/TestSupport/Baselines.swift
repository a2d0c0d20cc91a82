/// Baseline files for tests, with their values at known places.
public enum Baselines {
    /// One entry for `file`: its `fingerprint` value starts at line 6, column 22, its `count`
    /// value at line 10, column 16.
    public static func oneEntry(count: String = "2", fingerprint: String = "\"0123456789abcdef\"", file: String = "apps/bank.yml") -> String {
        """
        {
          "version": 1,
          "tool": "capaudit",
          "findings": [
            {
              "fingerprint": \(fingerprint),
              "rule": "CAP001",
              "file": "\(file)",
              "path": "screens[id=cards]",
              "count": \(count)
            }
          ]
        }
        """
    }
}
