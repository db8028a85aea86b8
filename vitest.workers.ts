/**
 * How many Vitest workers run the tests: the root configuration's limit for the whole pool, and each project's
 * own (ADR 0028, amendment of 2026-11-29, later). A project does not take the root's `maxWorkers`; its default is
 * one less than the cores, which is one on the CI machine's two. Projects of one `sequence.groupOrder` must agree.
 */
export const TEST_WORKERS = 2;
