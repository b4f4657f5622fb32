// The eTIMS devices KRA (the fake OSCU the journeys' server speaks to) knows: one a project, as
// KRA initialises a device once. The receipts journey turns eTIMS on with its project's serial.
import type { TestInfo } from '@playwright/test';

export const E2E_ETIMS_PIN = 'P051234567X';
export const E2E_ETIMS_PROJECTS = ['desktop', 'phone'] as const;

export const e2eEtimsSerial = (project: string) => `E2E-RECEIPTS-${project}`;

export const etimsSerialOf = (testInfo: TestInfo) => e2eEtimsSerial(testInfo.project.name);
