// Compile a JSON Schema (draft 2020-12) with ajv in strict mode; print every strict-mode warning
// or error as a JSON list on stdout (empty: compiled cleanly). tests/test_ajv_strict.py runs it.
"use strict";
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");

const problems = [];
const logger = {log() {}, warn: (...a) => problems.push(a.join(" ")), error: (...a) => problems.push(a.join(" "))};
const ajv = new Ajv2020({strict: true, allErrors: true, logger});
addFormats(ajv);
try {
  ajv.compile(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
} catch (e) {
  problems.push(e.message);
}
process.stdout.write(JSON.stringify(problems) + "\n");
