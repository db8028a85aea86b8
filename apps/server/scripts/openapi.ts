// `npm run openapi`: writes apps/server/openapi.json, the committed API contract that the tests diff against.
import fs from 'node:fs/promises';
import path from 'node:path';
import { generateOpenApi } from '../src/openapi.ts';

const file = path.join(import.meta.dirname, '..', 'openapi.json');
await fs.writeFile(file, await generateOpenApi());
console.log(`wrote ${file}`);
