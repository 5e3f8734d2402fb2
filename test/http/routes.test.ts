import { describe } from 'node:test';
import { publishedDocument } from '../../src/published-contract.js';
import { runCommonRouteTests, runContractDocumentTests } from '../helpers/common-route-tests.js';
import { describeEachEngine } from '../helpers/engines.js';
import type { Contract } from '../helpers/operations.js';

/**
 * Every operation of the contract gets the same checks, from one sample request
 * built from the contract: adding an operation adds its tests here without an edit.
 */
const doc = (await publishedDocument()) as unknown as Contract;

describe('what the contract documents for every operation', () => runContractDocumentTests(doc));

describeEachEngine('every operation of the contract', () => runCommonRouteTests(doc));
