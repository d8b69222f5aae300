/** Checks of the code's shape: the capability packages' dependencies (no new package cycle). */
package io.trawler.architecture;
