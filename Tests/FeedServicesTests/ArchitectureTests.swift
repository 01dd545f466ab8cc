import Foundation
import TestSupport
import Testing

/// The layers of modules of docs/architecture.md against Package.swift: every
/// target's dependencies are of lower layers, no network's module depends on another's,
/// every module has its layer, and each C shim has one importer.
@Suite struct ArchitectureTests {
    /// Each module's layer, as the architecture's table gives it ("C" for the shims: -1).
    private func layers() throws -> [String: Int] {
        let readme = try String(contentsOf: Fixtures.architecture, encoding: .utf8)
        let start = try #require(readme.range(of: "```\nlayer  modules\n"))
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        var layers: [String: Int] = [:]
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let first = words.first else { continue }
            let layer = first == "C" ? -1 : Int(first)
            for module in words.dropFirst() { layers[String(module)] = layer }
        }
        return layers
    }

    /// Each target of Package.swift, and the targets it depends on.
    private func targets() throws -> [String: [String]] {
        let manifest = try String(
            contentsOf: Fixtures.readme.deletingLastPathComponent().appendingPathComponent("Package.swift"),
            encoding: .utf8)
        var targets: [String: [String]] = [:]
        let pattern = try NSRegularExpression(
            pattern:
                #"\.(?:target|executableTarget|systemLibrary)\(\s*name: "(\w+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        let text = manifest as NSString
        for match in pattern.matches(in: manifest, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1))
            let dependencies =
                match.range(at: 2).location == NSNotFound
                ? "" : text.substring(with: match.range(at: 2))
            targets[name] = dependencies.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: ["\""])
            }.filter { !$0.isEmpty }
        }
        return targets
    }

    @Test func everyModuleImportsOnlyTheLayersBelowIt() throws {
        let layers = try layers()
        let targets = try targets().filter { $0.key != "TestSupport" }
        #expect(targets.count > 20, "the manifest read: \(targets.keys.sorted())")
        for name in targets.keys.sorted() {
            guard let layer = layers[name] else {
                Issue.record("\(name) has no layer in docs/architecture.md")
                continue
            }
            for dependency in targets[name] ?? [] {
                guard let below = layers[dependency] else {
                    Issue.record("\(dependency), which \(name) imports, has no layer in docs/architecture.md")
                    continue
                }
                #expect(below < layer, "\(name) (layer \(layer)) imports \(dependency) (layer \(below))")
            }
        }
        #expect(Set(layers.keys).subtracting(targets.keys).isEmpty, "a layer names a module there is not")
    }

    @Test func eachCShimHasOneImporter() throws {
        let layers = try layers()
        let targets = try targets()
        for shim in layers.filter({ $0.value == -1 }).keys.sorted() {
            let importers = targets.filter { $0.value.contains(shim) }.keys.sorted()
            #expect(importers.count == 1, "\(shim) is imported by \(importers)")
        }
    }
}
