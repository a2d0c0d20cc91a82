/// Rule pack files for tests.
public enum RulePacks {
    /// `rules/ACME900.yml` of a pack: a deprecated rule whose name stands for CAP013 (a preview rule).
    public static let deprecatedCopyRule = """
        id: ACME900
        slug: old-copy-rule
        title: Old name of CAP013
        status: deprecated
        replaced-by: CAP013
        check: field
        parameters:
          where: {copy: [plain]}
        severity: warning
        message: "m"
        """
}
