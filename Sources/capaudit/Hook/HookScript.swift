import CapauditKit

/// The pre-commit hook that `capaudit hook install` writes: it runs one capaudit, named by its
/// absolute path, on the staged manifests.
enum HookScript {
    /// The line that tells capaudit's own hook from any other.
    static let marker = "# capaudit-hook: written by `capaudit hook install`; run that again to update this file."
    /// The comment line of the hook that capaudit 0.1 wrote (`exec capaudit check --staged`), so that
    /// such a hook is updated rather than refused as someone else's.
    static let legacyMarker = "# Installed by `capaudit hook install`: checks the staged manifests as they will be committed."
    /// A hook file longer than this is not one capaudit wrote; it is not read further.
    static let largestOwnHook = 64 * 1024

    /// The arguments the hook gives capaudit: quiet, so that a commit without findings prints nothing.
    static let checkArguments = "check --staged --quiet"

    /// The hook for the capaudit at `executable`, or for the one on PATH when `executable` is nil.
    static func text(executable: String?) -> String {
        guard let executable else {
            return script(assignment: "capaudit", found: "command -v \"$capaudit\" >/dev/null 2>&1", missing: "%s is not on PATH")
        }
        return script(assignment: quoted(executable), found: "[ -f \"$capaudit\" ] && [ -x \"$capaudit\" ]", missing: "capaudit is not at %s")
    }

    /// The line to add to someone else's hook: runs the check without ending that hook early.
    static func line(executable: String?) -> String {
        "\(executable.map(quoted) ?? "capaudit") \(checkArguments) || exit 1"
    }

    static func isOwn(_ text: String) -> Bool {
        text.split(separator: "\n").contains { $0 == marker || $0 == legacyMarker }
    }

    /// `text` as one sh word: inside single quotes nothing is special but the quote itself.
    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// The staged paths git lists end in `.yml` or `.yaml` (any case; git quotes unusual names,
    /// hence the optional closing quote): the extensions capaudit's own discovery reads. Every
    /// change but a removal counts: a type change (a symlink made a file) or a conflict too.
    private static var stagedYAMLTest: String {
        let extensions = Discovery.extensions.map { String($0.dropFirst()) }.joined(separator: "|")
        return "git diff --cached --name-only --diff-filter=d | grep -qiE '\\.(\(extensions))\"?$'"
    }

    // When capaudit is gone, a commit that stages no YAML goes through with a warning (there was
    // nothing to check), and one that stages YAML is stopped: docs/ci.md explains the choice.
    private static func script(assignment: String, found: String, missing: String) -> String {
        let reinstall = "Reinstall capaudit (scripts/install PREFIX in its checkout) and run \"PREFIX/bin/capaudit hook install\" here"
        return """
        #!/bin/sh
        \(marker)
        # Checks the staged manifests as they will be committed. Skip once with `git commit --no-verify`.
        capaudit=\(assignment)
        if \(found); then
          exec "$capaudit" \(checkArguments)
        fi
        if \(stagedYAMLTest); then
          printf 'capaudit pre-commit hook: \(missing); commit refused, as staged YAML files were not checked. \(reinstall), or skip the check once with "git commit --no-verify".\\n' "$capaudit" >&2
          exit 1
        fi
        printf 'capaudit pre-commit hook: \(missing); no YAML file is staged, so the commit goes ahead. \(reinstall).\\n' "$capaudit" >&2
        exit 0

        """
    }
}
