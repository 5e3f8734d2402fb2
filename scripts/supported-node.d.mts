export declare const OLDEST: { major: number; minor: number };
export declare function isSupported(version: string): boolean;
export declare function refusal(version: string): string | null;
