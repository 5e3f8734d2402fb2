export declare const CONTRACT: string;
export declare const GENERATED: string;
export declare const MANAGEMENT_CONTRACT: string;
export declare const MANAGEMENT_GENERATED: string;
export declare const MANAGEMENT_SHAPES: string;
export declare const REGENERATE_COMMAND: string;

export declare function generateTypes(contractText?: string, source?: string): Promise<string>;
export declare function generateManagementTypes(contractText?: string): Promise<string>;
export declare function generateManagementShapes(contractText?: string): string;
