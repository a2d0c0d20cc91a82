# Homebrew formula for capaudit, built from the source archive of a release.
#
# capaudit's repository has no tags: a release is the commit whose subject starts with
# "Release X.Y.Z" (CHANGELOG.md, "Releasing"), and `url` is that commit's archive. At each
# release, in the commit that pins the release in the docs:
#   - `url`: https://github.com/example-org/capaudit/archive/FULL_SHA.tar.gz, with the SHA that
#     `git log -1 --format=%H --grep='^Release X\.Y\.Z'` prints;
#   - `version`: X.Y.Z;
#   - `sha256`: the archive's checksum, `curl -fsSL URL | shasum -a 256`.
# The sha256 below is a placeholder (64 zeros) until capaudit has a public home (`example-org`
# stands for it, as in docs/ci.md): brew refuses an archive whose checksum differs, so the
# formula fails loudly rather than install something unchecked.
class Capaudit < Formula
  desc "Audit screen-capture protection manifests against their risk profiles"
  homepage "https://github.com/example-org/capaudit"
  url "https://github.com/example-org/capaudit/archive/9a0b3237f4e351a0990c4d38358373144f5d3f00.tar.gz"
  version "0.3.0"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"

  depends_on xcode: ["16.0", :build] # Swift 6 language mode
  depends_on "pkgconf" => :build # SwiftPM finds libyaml through yaml-0.1.pc
  depends_on "libyaml"
  depends_on macos: :ventura # Package.swift: .macOS(.v13)

  uses_from_macos "swift" => :build

  def install
    args = ["--disable-sandbox", "--configuration", "release", "--product", "capaudit"]
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args
    bin.install ".build/release/capaudit"
  end

  test do
    assert_equal "capaudit #{version}\n", shell_output("#{bin}/capaudit version")
    system bin/"capaudit", "init", "--profile", "banking", "--platforms", "ios,android", "screens.yml"
    assert_path_exists testpath/"screens.yml"
    system bin/"capaudit", "check", "screens.yml"
    (testpath/"flawed.yml").write <<~YAML
      capaudit: 1
      app:
        name: Wallet
        profile: banking
        platforms:
          android: {min-sdk: 26, target-sdk: 35}
      screens:
        - id: card
          fields:
            - {id: number, kind: card-number}
    YAML
    output = shell_output("#{bin}/capaudit check flawed.yml", 1)
    assert_match "flawed.yml:", output
  end
end
