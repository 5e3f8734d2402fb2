#!/usr/bin/env node
import '../dist/petstore.js';
