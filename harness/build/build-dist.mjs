#!/usr/bin/env node
// Compiles the kit into dist/ (`npm run build`, and `prepare` on npm ci and npm pack): the JavaScript and its type
// declarations, with the sources' `#harness/…ts` and `#fixtures/…ts` imports written as relative `.js` paths, so the
// compiled kit loads only compiled modules, in any project it is installed in. Exits 1 with tsc's messages on a type error.
// `--out-dir DIR` compiles into DIR instead of dist/ (the package test builds into its temp folder). Into dist/, it
// then writes the index of the bundled scenarios (harness/scenario/write-scenario-index.ts). The new build replaces the
// old one whole, at its end.
import { spawnSync } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const subpath = /^#(harness|fixtures)\/(.+)\.ts$/

/** The relative `.js` path of a `#harness/…ts` or `#fixtures/…ts` import seen from `file`, or undefined for any other. */
function relativeSpecifier(specifier, file) {
  const match = subpath.exec(specifier)
  if (!match) return undefined
  const path = relative(dirname(file), resolve(root, match[1], `${match[2]}.js`)).split('\\').join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/** A transformer that rewrites the module specifiers of imports, exports, `import()` and `import('…').T` types. */
function rewriteSubpathImports(context) {
  const { factory } = context
  return (sourceFile) => {
    const file = sourceFile.fileName
    const rewritten = (literal) => {
      const to = ts.isStringLiteral(literal) ? relativeSpecifier(literal.text, file) : undefined
      return to === undefined ? literal : factory.createStringLiteral(to)
    }
    const visit = (node) => {
      if (ts.isImportDeclaration(node)) {
        return factory.updateImportDeclaration(node, node.modifiers, node.importClause, rewritten(node.moduleSpecifier), node.attributes)
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        return factory.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, rewritten(node.moduleSpecifier), node.attributes)
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0) {
        return factory.updateCallExpression(node, node.expression, node.typeArguments, [rewritten(node.arguments[0]), ...node.arguments.slice(1)])
      }
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const argument = factory.updateLiteralTypeNode(node.argument, rewritten(node.argument.literal))
        return factory.updateImportTypeNode(node, argument, node.attributes, node.qualifier, ts.visitNodes(node.typeArguments, visit), node.isTypeOf)
      }
      return ts.visitEachChild(node, visit, context)
    }
    return ts.visitNode(sourceFile, visit)
  }
}

const outAt = process.argv.indexOf('--out-dir')
const outDir = outAt === -1 ? resolve(root, 'dist') : resolve(process.argv[outAt + 1] ?? (process.stderr.write('build-dist: --out-dir needs a folder\n'), process.exit(2)))
// the build goes into a folder beside its destination and replaces it whole at the end: a kit run (or a test run) that
// starts meanwhile finds the previous build complete, never a half-written one or none
const building = `${outDir}.building-${process.pid}`
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) }
const config = ts.getParsedCommandLineOfConfigFile(resolve(root, 'tsconfig.build.json'), {}, host)
const program = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, outDir } })
// TS2877 says a non-relative `.ts` import is not rewritten on emit: the transformer above rewrites it
const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.code !== 2877)
if (diagnostics.length > 0) fail(diagnostics)
rmSync(building, { recursive: true, force: true })
const emitted = program.emit(undefined, (file, text) => ts.sys.writeFile(resolve(building, relative(outDir, file)), text), undefined, false, {
  before: [rewriteSubpathImports],
  afterDeclarations: [rewriteSubpathImports],
})
if (emitted.diagnostics.length > 0) fail(emitted.diagnostics)
// the index of the bundled scenarios, made by the compiled kit itself (dist/scenario-index.bin): a build into another
// folder has no installed dependencies beside it to run with, and goes without (its kit validates every scenario)
if (outAt === -1) {
  const index = spawnSync(process.execPath, [resolve(building, 'harness/scenario/write-scenario-index.js')], { cwd: root, stdio: 'inherit' })
  if (index.status !== 0) fail([])
}
const previous = `${outDir}.previous-${process.pid}`
if (existsSync(outDir)) renameSync(outDir, previous)
renameSync(building, outDir)
rmSync(previous, { recursive: true, force: true })

function fail(diagnostics) {
  const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }
  process.stderr.write(ts.formatDiagnostics(diagnostics, formatHost))
  rmSync(building, { recursive: true, force: true })
  process.exit(1)
}
