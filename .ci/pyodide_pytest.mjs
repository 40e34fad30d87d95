// Run pytest on CPython 3.12 compiled to WebAssembly (Pyodide, from the npm registry) under node.
//
//   node .ci/pyodide_pytest.mjs PYODIDE_DIR REPOSITORY SITE_PACKAGES [pytest arguments...]
//
// PYODIDE_DIR holds the unpacked `pyodide` npm package; REPOSITORY (a copy of the project) and
// SITE_PACKAGES (pure-Python wheels unpacked by the host's pip) are mounted from the host's disk.
// The project runs from REPOSITORY/src, as an editable install would. The exit code is pytest's.
// Run node with --stack-size=4000 (KiB, within Linux's 8 MiB main stack): the tests of deeply
// nested JSON otherwise overflow the JavaScript stack before Python's recursion check.
// .ci/run calls this for the Python 3.12 leg of CI (see the comments there).
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, repository, sitePackages, ...pytestArgs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + "/",
    env: { HOME: "/home/pyodide", CI: process.env.CI ?? "" },  // CI: Hypothesis derandomized
});
for (const [hostDir, mountPoint] of [[repository, "/repo"], [sitePackages, "/site"]]) {
    pyodide.FS.mkdirTree(mountPoint);
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(hostDir) }, mountPoint);
}
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
const exitCode = await pyodide.runPythonAsync(`
import os, sys
os.umask(0o022)  # a POSIX process's usual mask (Emscripten starts with 0o777: new files mode 000)
sys.path[:0] = ["/repo", "/repo/src", "/site"]
os.chdir("/repo")
import pytest
int(pytest.main(list(pytest_args)))
`);
process.exit(exitCode);
