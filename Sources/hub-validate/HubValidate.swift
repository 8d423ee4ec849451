import ArgumentParser
import Foundation
import HubFramework

/// `hub-validate`: checks JSON view documents with the reader the viewer uses, for backends' CI.
@main
struct HubValidate: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        commandName: "hub-validate",
        abstract: "Check JSON view documents, or backend app manifests, with the reader the viewer uses.",
        discussion: """
            Prints every problem as FILE:LINE:COLUMN: PATH: SEVERITY: MESSAGE, in document order. An \
            error makes the whole document unusable (it is not JSON, or its top level is neither an \
            object nor an array); a warning is a value the reader skips (a wrong type, a null, an \
            invalid URL or identifier, a key it does not know, with the nearest one it does, a \
            template that is unknown or lacks a value). A top-level "$schema" is allowed. Problems of \
            a component that uses a template are reported at the value it gave, or at the template.

            With --manifest the files are backend app manifests (hub-viewer --manifest), read with the \
            viewer's manifest reader; every problem in one is an error.

            With --patch the files are patches, {"patch": {"changes": [...]}} (docs/json.md, "Patches"), \
            read as the viewer reads them; a patch is all or nothing, so every problem in one is an error. \
            Alone, a patch is checked for what its text can tell; with --view VIEW it is also applied to \
            that view document, which finds ids no component has (or more than one has), components \
            added beside a sibling of their id and expressions reading variables not declared where \
            they go. Each patch is applied to the view as the file has it; the view's own problems are \
            reported first.
            With --client FILE the documents are read as the client FILE describes reads them (its \
            capabilities as JSON, the value of the Hub-Client header it sends): each component that it \
            would replace by its fallback, drop, show without what it requires or leave to its \
            category's fallback component gets a note (SEVERITY note) at the component, and the totals \
            on standard error say how many. Notes do not change the exit status. With --patch the \
            patches' components are read for the client too (and the --view document), as that app \
            reads the patches its views receive.

            A directory stands for every .json file below it. Documents are read one at a time.

            With --evaluate the files (or - for standard input) hold expressions as JSON lines, \
            {"expression": "@{a + 1}", "variables": [{"name": "a", "type": "integer", "value": 1}]}, \
            evaluated with the viewer's expression compiler and evaluator; each line gets one JSON \
            line: {"type": "integer", "value": 2}, or {"type": "error", "value": "the message"} (with \
            the located problems when the expression does not compile). docs/json.md ("State and \
            expressions") has the language. The exit status is then 0 unless a file cannot be read (2).

            Exit status: 0 when every document is fine, 1 when some have problems, 2 when a file \
            cannot be read or the arguments are wrong.
            """)

    @Argument(help: ArgumentHelp("The documents to check; - reads standard input, a directory its .json files.",
        valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("The JSON schema the documents are read with (known: \(SchemaCatalog.names.joined(separator: ", "))).",
        valueName: "name"))
    var schema = SchemaCatalog.defaultName

    @Flag(help: "The files are backend app manifests, not view documents.")
    var manifest = false

    @Flag(help: "The files are patches (docs/json.md#patches), not view documents.")
    var patch = false

    @Option(help: ArgumentHelp("With --patch: the view document the patches are for; each is applied to it.",
        valueName: "view"))
    var view: String?

    @Flag(help: "The files hold expressions as JSON lines, to evaluate (docs/json.md#state-and-expressions).")
    var evaluate = false

    @Option(help: ArgumentHelp("A client's capabilities (JSON, as in the Hub-Client header it sends): notes what each "
        + "document's (or patch's) components become on it.", valueName: "file"))
    var client: String?

    @Option(help: "text: one line per problem; json: one JSON document, for CI annotations.")
    var format = Format.text

    @Option(help: ArgumentHelp("The name standard input is reported under.", valueName: "name"))
    var stdinName = "<stdin>"

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one file, directory or - (standard input).") }
        if [evaluate, manifest, patch].filter({ $0 }).count > 1 {
            throw ValidationError("--evaluate, --manifest and --patch cannot be used together.")
        }
        if view != nil && !patch { throw ValidationError("--view names the view that patches are for: use it with --patch.") }
        if client != nil && (evaluate || manifest) {
            throw ValidationError("--client checks view documents and patches: it cannot be used with --\(evaluate ? "evaluate" : "manifest").")
        }
        if SchemaCatalog.schema(named: schema) == nil {
            throw ValidationError("Unknown schema '\(schema)'; known: \(SchemaCatalog.names.joined(separator: ", ")).")
        }
    }

    func run() throws {
        if evaluate {
            try runEvaluations()
            return
        }
        let jsonSchema = SchemaCatalog.schema(named: schema)!
        var report: any ValidationReport = format == .json ? JSONValidationReport() : TextValidationReport()
        var summary = ValidationSummary()
        var capabilities: ClientCapabilities?
        if let client {
            do {
                capabilities = try ClientFile.read(client)
            } catch {
                writeError("hub-validate: \(client): not a client's capabilities: \(error.reason)\n")
                throw ExitCode(2)
            }
            summary.client = client + (capabilities?.app.map { " (\($0))" } ?? "")
        }
        let checker: any DocumentChecker
        if manifest {
            checker = ManifestDocumentChecker()
        } else if patch {
            let viewModel = view.flatMap {
                checkView($0, schema: jsonSchema, client: capabilities, report: &report, summary: &summary)
            }
            checker = PatchDocumentChecker(schema: jsonSchema, view: viewModel, client: capabilities)
        } else {
            checker = ViewDocumentChecker(schema: jsonSchema, client: capabilities)
        }
        for source in DocumentSource.expand(files) {
            switch source {
            case .failure(let error):
                summary.unreadable += 1
                report.addUnreadable(file: error.name, reason: error.reason)
            case .success(let source):
                let name = if case .file(let path) = source { path } else { stdinName }
                // One document at a time: its data and everything read from it go out of scope here.
                do {
                    let problems = checker.problems(in: try source.read())
                    summary.files += 1
                    for problem in problems { summary.count(problem) }
                    report.add(problems, file: name)
                } catch {
                    summary.unreadable += 1
                    report.addUnreadable(file: name, reason: error.reason)
                }
            }
        }
        report.finish(summary)
        if summary.exitStatus != 0 { throw ExitCode(summary.exitStatus) }
    }

    /// `--view`: the view document the patches are for, checked and reported as a document of the
    /// run (for `client`, when one is named); its view model, or nil when it cannot be read (the
    /// patches are then checked on their own).
    private func checkView(_ path: String, schema: JSONSchema, client: ClientCapabilities?,
                           report: inout any ValidationReport, summary: inout ValidationSummary) -> ViewModel? {
        let data: Data
        do {
            data = try DocumentSource.file(path).read()
        } catch {
            summary.unreadable += 1
            report.addUnreadable(file: path, reason: error.reason)
            return nil
        }
        let problems = ViewDocumentChecker(schema: schema, client: client).problems(in: data)
        summary.files += 1
        for problem in problems { summary.count(problem) }
        report.add(problems, file: path)
        return PatchDocumentChecker.viewModel(of: data, schema: schema, client: client)
    }

    /// `--evaluate`: every line of every source, in order, streamed: standard input is read a line at
    /// a time, so a tool can write a line and read its answer.
    private func runEvaluations() throws {
        let evaluator = ExpressionEvaluator()
        var unreadable = false
        for argument in files {
            if argument == "-" {
                while let line = readLine(strippingNewline: true) {
                    if let result = evaluator.resultLine(for: line) { writeOutput(result + "\n") }
                }
                continue
            }
            do {
                let data = try DocumentSource.file(argument).read()
                for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                    if let result = evaluator.resultLine(for: String(line)) { writeOutput(result + "\n") }
                }
            } catch {
                unreadable = true
                writeError("hub-validate: \(argument): cannot read: \(error.reason)\n")
            }
        }
        if unreadable { throw ExitCode(2) }
    }

    /// Like the default, except that wrong arguments exit with 2 (the status the tool documents for
    /// them) instead of the argument parser's 64.
    static func main() {
        // A closed pipe makes writes fail (see writeOutput) instead of ending the process.
        StandardStreamWriter.ignoreBrokenPipeSignal()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let status = exitCode(for: error)
            if status == .success || error is ExitCode { exit(withError: error) }
            writeError(fullMessage(for: error) + "\n")
            Foundation.exit(2)
        }
    }
}
