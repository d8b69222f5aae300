/** Zero-setup mode: the embedded redis-server Trawler starts when no external Redis is configured. */
package io.trawler.embedded;
