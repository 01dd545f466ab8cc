import Foundation
import Testing

@testable import FeedTerminal

/// The reader's editor, run as `git commit` runs it: through the shell, with its arguments,
/// on the draft's file, waited for, its exit status kept.
@Suite struct EditorProcessTests {
    private func file() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shimmerfeed-draft-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        ).path
        try "draft\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theEditorGetsTheFileAfterItsOwnArguments() throws {
        let path = try file()
        defer { unlink(path) }
        // An "editor" with arguments of its own, as EDITOR="code --wait" has.
        let outcome = EditorProcess.run("sed -i -e s/draft/edited/", file: path)
        guard case .success(let status) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "edited\n")
    }

    @Test func itsExitStatusIsKept() throws {
        let path = try file()
        defer { unlink(path) }
        guard case .success(let status) = EditorProcess.run("exit 3;", file: path) else {
            Issue.record("it did not run")
            return
        }
        #expect(status == 3)
    }

    @Test func visualComesBeforeEditorAndViIsTheLastResort() {
        #expect(EditorProcess.command(environment: ["VISUAL": "nano", "EDITOR": "ed"]) == "nano")
        #expect(EditorProcess.command(environment: ["VISUAL": " ", "EDITOR": "ed"]) == "ed")
        #expect(EditorProcess.command(environment: [:]) == "vi")
    }
}
